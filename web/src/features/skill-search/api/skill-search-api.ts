// The search page's reads and writes: GET /api/skill-search paged by 'Show more', the like button of a
// card (POST /api/skills/{id}/like, spec 001 §7), and the Create New Skill modal, which adds the skill to
// the member's skills taught (§7 'User update with skillsToTeach when a skill is created').
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useMutationState, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { SkillLikeStatus } from '@contracts/dashboard';
import type { CurrentUser, SkillTaughtInput, User } from '@contracts/members';
import type { SkillSearchResult } from '@contracts/skill-search';
import { skillSearchUrl } from '@contracts/skill-search-texts';
import { sendJson, getJson } from '@/lib/http';
import { useInvalidateChanges } from '@/lib/stale-keys';
import { useSearchUi } from '../search-store';
import { skillSearchKeys, type SkillSearchFilter } from './keys';

const skillSearchQuery = (filter: SkillSearchFilter) =>
  infiniteQueryOptions({
    queryKey: skillSearchKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getJson<SkillSearchResult>(skillSearchUrl(filter, pageParam), { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

export const useSkillSearch = (filter: SkillSearchFilter) => useInfiniteQuery({ ...skillSearchQuery(filter), placeholderData: keepPreviousData });

/** The search page's first read: the first page of results for the filters it opens with. */
export const skillSearchFirstReads = () => {
  const ui = useSearchUi.getState();
  return [skillSearchQuery({ q: ui.text.trim(), category: ui.category, level: ui.level, minRating: ui.minRating })];
};

type Pages = InfiniteData<SkillSearchResult, number>;

/** The like button: the answer is the new status, written into every cached list that shows the skill. */
export const useToggleSkillLike = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: skillSearchKeys.like,
    mutationFn: (skillId: string) => sendJson<SkillLikeStatus>(`/api/skills/${encodeURIComponent(skillId)}/like`, { body: {} }),
    onSuccess: (status, skillId) =>
      queryClient.setQueriesData<Pages>({ queryKey: skillSearchKeys.lists }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({ ...page, skills: page.skills.map((skill) => (skill.id === skillId ? { ...skill, ...status } : skill)) })),
            }
          : data,
      ),
  });
};

/**
 * The skills whose like is in flight: a card ignores clicks until its answer is in (spec 001 §5), whatever
 * other cards were liked meanwhile (one mutation's `variables` only knows the last).
 */
export const useSkillLikesInFlight = (): ReadonlySet<string> =>
  new Set(useMutationState({ filters: { mutationKey: skillSearchKeys.like, status: 'pending' }, select: (mutation) => mutation.state.variables as string }));

/** Adds a skill to the member's skills taught: the whole list is sent, the new one last. */
export const useCreateTaughtSkill = (me: CurrentUser) => {
  const invalidateChanges = useInvalidateChanges();
  return useMutation({
    mutationFn: (skill: SkillTaughtInput) =>
      sendJson<User>(`/api/users/${encodeURIComponent(me.id)}`, { method: 'PATCH', body: { skillsToTeach: [...me.skillsToTeach, skill] } }),
    onSuccess: () => invalidateChanges([{ scope: 'user', id: me.id }]),
  });
};
