import clsx from 'clsx';
import { CalendarPlus, Coins, GraduationCap, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SkillTaught } from '@contracts/members';
import { Badge } from '@/ui/badge';
import type { BadgeTone } from '@/ui/badge';
import { Button, buttonClasses } from '@/ui/button';
import { Card, CardBody, CardHeader } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';

const levelTone: Record<SkillTaught['experienceLevel'], BadgeTone> = { beginner: 'success', intermediate: 'info', advanced: 'brand', expert: 'warning' };

export interface SkillsTaughtSectionProps {
  skills: readonly SkillTaught[];
  /** Own profile: shows the add button, and remove buttons while editing. */
  onAdd?: () => void;
  onRemove?: (skill: SkillTaught) => void;
  removingId?: string | null;
  /** Another member's profile: each skill links to booking. */
  bookFor?: string;
  highlightId?: string | null;
  emptyText: ReactNode;
  /** 'Skills I teach' on one's own profile; another member's says whose they are. */
  title?: string;
}

export const SkillsTaughtSection = ({ skills, onAdd, onRemove, removingId, bookFor, highlightId, emptyText, title = 'Skills I teach' }: SkillsTaughtSectionProps) => (
  <Card>
    <CardHeader
      icon={<GraduationCap className="h-5 w-5" />}
      title={title}
      description={skills.length > 0 ? `${skills.length} skill${skills.length === 1 ? '' : 's'}` : undefined}
      action={
        onAdd && (
          <Button size="sm" variant="secondary" onClick={onAdd}>
            <Plus className="h-4 w-4" /> Add skill
          </Button>
        )
      }
    />
    <CardBody>
      {skills.length === 0 ? (
        <EmptyState title="No skills yet">{emptyText}</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" data-testid="skills-taught">
          {skills.map((skill) => (
            <li
              key={skill.id}
              id={`skill-${skill.id}`}
              className={clsx(
                'flex min-w-0 flex-col rounded-xl border bg-white p-4 transition-shadow',
                highlightId === skill.id ? 'border-brand-300 ring-2 ring-brand-200' : 'border-slate-200 hover:shadow-sm',
              )}
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{skill.name}</h3>
                  <div className="mt-1.5 flex flex-wrap gap-1.5">
                    <Badge tone={levelTone[skill.experienceLevel]} className="capitalize">
                      {skill.experienceLevel}
                    </Badge>
                    <Badge>{skill.category}</Badge>
                  </div>
                </div>
                <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-50 px-2.5 py-1 text-sm font-semibold text-amber-800">
                  <Coins className="h-4 w-4" /> {skill.pointsPerHour}
                  <span className="font-normal">/h</span>
                </span>
              </div>
              <p className="mt-3 line-clamp-3 flex-1 text-sm leading-6 text-slate-600 [overflow-wrap:anywhere]">{skill.description}</p>
              {(onRemove || bookFor) && (
                <div className="mt-4 flex justify-end border-t border-slate-100 pt-3">
                  {onRemove && (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-600 hover:bg-red-50 hover:text-red-700"
                      loading={removingId === skill.id}
                      onClick={() => onRemove(skill)}
                    >
                      <Trash2 className="h-4 w-4" /> Remove
                    </Button>
                  )}
                  {bookFor && (
                    <Link to={`/book/${encodeURIComponent(bookFor)}/${encodeURIComponent(skill.id)}`} className={buttonClasses('primary', 'sm')}>
                      <CalendarPlus className="h-4 w-4" /> Request Session
                    </Link>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </CardBody>
  </Card>
);
