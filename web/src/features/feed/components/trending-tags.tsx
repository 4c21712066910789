// The right column's widget: the skills people ask about most in the posts on screen, and how to ask well.
import { Hash, Lightbulb } from 'lucide-react';
import { useAssistantStatus } from '../api/ai-api';
import type { PostCard } from '../api/feed-view';
import { THE_S_BRAIN_NAME } from '../feed-constants';

const topTags = (posts: readonly PostCard[], max = 8): [string, number][] => {
  const counts = new Map<string, [string, number]>();
  for (const post of posts)
    for (const tag of post.tags) {
      const key = tag.toLowerCase();
      const entry = counts.get(key) ?? [tag, 0];
      entry[1] += 1;
      counts.set(key, entry);
    }
  return [...counts.values()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, max);
};

export const TrendingTags = ({ posts }: { posts: readonly PostCard[] }) => {
  const tags = topTags(posts);
  const assistant = useAssistantStatus().data;
  return (
    <section aria-labelledby="trending-tags" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="feed-widget">
      <h2 id="trending-tags" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Hash className="h-4 w-4 text-emerald-600" /> Skills in demand
      </h2>
      {tags.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">Tag a skill with # in your post and it shows up here.</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-1.5">
          {tags.map(([tag, count]) => (
            <li key={tag} className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-800">
              #{tag} <span className="text-emerald-700 tabular-nums">· {count}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 rounded-xl bg-slate-50 p-3 text-xs text-slate-600">
        <p className="flex items-center gap-1.5 font-semibold text-slate-800">
          <Lightbulb className="h-3.5 w-3.5 text-amber-600" /> Ask well
        </p>
        <p className="mt-1">
          Say what you tried and tag the skill with #.{' '}
          {assistant?.available === false ? (
            <span data-testid="assistant-unavailable">{assistant.message}</span>
          ) : (
            <>Mention @{THE_S_BRAIN_NAME} in a comment for a first answer.</>
          )}
        </p>
      </div>
    </section>
  );
};
