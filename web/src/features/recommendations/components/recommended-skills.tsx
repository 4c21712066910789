import { Sparkles, Star } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/ui/avatar';
import { Card, CardBody, CardHeader } from '@/ui/card';
import { useCurrentUser } from '@/lib/current-user';
import { MAX_RECOMMENDATIONS, useRecommendations } from '../api/recommendations-api';
import { emptyRecommendationsText } from '../recommendation-texts';

/** 'Recommended for You': up to 6 skills matched to what the member wants to learn. */
export const RecommendedSkills = ({ userId }: { userId: string }) => {
  const recommendations = useRecommendations(userId);
  const me = useCurrentUser();
  const items = (recommendations.data ?? []).slice(0, MAX_RECOMMENDATIONS);
  return (
    <Card data-testid="recommendations">
      <CardHeader icon={<Sparkles className="h-5 w-5" />} title="Recommended for You" />
      <CardBody>
        {items.length === 0 ? (
          <p className="text-sm text-slate-500">{recommendations.isPending ? 'Finding mentors for you...' : emptyRecommendationsText(me.data?.skillsToLearn ?? [])}</p>
        ) : (
          <ul className="space-y-2">
            {items.map(({ skill, mentor }) => (
              <li key={skill.id}>
                <Link
                  to={`/book/${encodeURIComponent(mentor.id)}/${encodeURIComponent(skill.id)}`}
                  className="flex items-center gap-3 rounded-xl border border-slate-200 p-3 transition-colors hover:border-brand-200 hover:bg-brand-50/40"
                  data-testid="recommendation"
                >
                  <Avatar name={mentor.name} src={mentor.avatar} size="sm" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-semibold text-slate-900">{skill.name}</p>
                    <p className="flex items-center gap-1 truncate text-xs text-slate-500">
                      {mentor.name}
                      {mentor.reviewCount > 0 && (
                        <>
                          <Star className="ml-1 h-3 w-3 fill-amber-400 text-amber-400" /> {mentor.rating.toFixed(1)}
                        </>
                      )}
                    </p>
                  </div>
                  <span className="shrink-0 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800">{skill.pointsPerHour}/h</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
};
