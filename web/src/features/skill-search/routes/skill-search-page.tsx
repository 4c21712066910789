// /search, 'Find Skills to Learn' (spec 001 §2.2): the search box (debounced) and filters, the results
// count with 'Clear all filters', skeleton cards while loading, 'No results found', the cards best rated
// first with 'Show more', and the 'Create New Skill' modal (loaded when first opened).
import { Plus, SearchX } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { SKILL_SEARCH_COUNT_MAX, skillSearchTexts } from '@contracts/skill-search-texts';
import { useCurrentUser } from '@/lib/current-user';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { Notice } from '@/ui/notice';
import { FullPageSpinner } from '@/ui/spinner';
import { skillSearchFirstReads, useSkillLikesInFlight, useSkillSearch, useToggleSkillLike } from '../api/skill-search-api';
import { SearchFilters } from '../components/search-filters';
import { SkillCard, SkillCardSkeletons } from '../components/skill-card';
import { hasFilters, useSearchUi } from '../search-store';

const CreateSkillDialog = lazy(async () => ({ default: (await import('../components/create-skill-dialog')).CreateSkillDialog }));

/** The text as searched: 300 ms after the last keystroke. */
const useDebounced = (value: string, ms: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
};

const counts = new Intl.NumberFormat('en-US');
const countText = (total: number, capped: boolean) =>
  capped ? `${counts.format(SKILL_SEARCH_COUNT_MAX)}+ results` : `${counts.format(total)} ${total === 1 ? 'result' : 'results'}`;

export const SkillSearchPage = () => {
  useDocumentTitle(skillSearchTexts.title);
  const { data: me } = useCurrentUser();
  const ui = useSearchUi();
  const q = useDebounced(ui.text.trim(), 300);
  const search = useSkillSearch({ q, category: ui.category, level: ui.level, minRating: ui.minRating });
  const like = useToggleSkillLike();
  const likesInFlight = useSkillLikesInFlight();
  const [createOpened, setCreateOpened] = useState(false);
  const skills = search.data?.pages.flatMap((page) => page.skills) ?? [];
  const first = search.data?.pages[0];

  if (!me) return <FullPageSpinner />;
  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{skillSearchTexts.title}</h1>
          <p className="mt-0.5 text-sm text-slate-500">Find a mentor by skill, description or name; a typo is forgiven.</p>
        </div>
        <Button
          onClick={() => {
            setCreateOpened(true);
            ui.setCreateOpen(true);
          }}
        >
          <Plus className="h-4 w-4" aria-hidden />
          {skillSearchTexts.createSkill}
        </Button>
      </header>

      <SearchFilters />

      <div className="flex min-h-6 flex-wrap items-center justify-between gap-2 text-sm">
        <p className="font-medium text-slate-700" aria-live="polite" data-testid="results-count">
          {first ? countText(first.total, first.totalCapped) : ' '}
        </p>
        {hasFilters(ui) && (
          <button type="button" onClick={ui.clearFilters} className="font-medium text-brand-700 hover:underline">
            {skillSearchTexts.clearFilters}
          </button>
        )}
      </div>

      {search.isPending ? (
        <SkillCardSkeletons />
      ) : search.isError && skills.length === 0 ? (
        <Notice tone="danger" role="alert" title="Search failed">
          The skills could not be loaded. Please try again in a moment.
        </Notice>
      ) : skills.length === 0 ? (
        <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          <EmptyState icon={<SearchX />} title={skillSearchTexts.noResults}>
            Try another spelling, fewer words or fewer filters.
          </EmptyState>
        </div>
      ) : (
        <>
          <div className={search.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={search.isFetching}>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {skills.map((skill) => (
                <SkillCard key={skill.id} skill={skill} viewerId={me.id} onLike={(id) => like.mutate(id)} liking={likesInFlight.has(skill.id)} />
              ))}
            </div>
          </div>
          {search.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void search.fetchNextPage()} loading={search.isFetchingNextPage}>
                Show more
              </Button>
            </div>
          )}
        </>
      )}

      {createOpened && (
        <Suspense fallback={null}>
          <CreateSkillDialog me={me} open={ui.createOpen} onOpenChange={ui.setCreateOpen} />
        </Suspense>
      )}
    </div>
  );
};

/** The first screen's read, which the app's first load waits for (web/src/app/first-load.ts). */
export const firstReads = skillSearchFirstReads;
