// 'Recommended for You' (spec 000 §9): skills other members teach, scored for the member asking.
// Computed on request from the members and member-stats tables; no table of its own.
import type { Kysely } from 'kysely';
import type { Availability, TaughtSkill } from '../../domain/member/events.js';
import { loadMemberStats, type MemberStats } from './queries.js';
import type { ReadModelsDb } from '../read-models.js';
import type { Recommendation } from '../../api/contracts/dashboard.js';

export const MAX_RECOMMENDATIONS = 6;

export const SCORE = {
  nameMatch: 100, // the skill is one I want to learn
  relatedSkill: 30, // same category as a skill I want or teach
  textMatch: 20, // its description mentions a skill I want to learn
  perRatingPoint: 5,
  perReview: 2,
  reviewsCap: 10,
  availability: 10,
} as const;

export type Reason = 'name_match' | 'related_skill' | 'text_match';

export type { Recommendation };

export interface Learner {
  id: string;
  skillsToLearn: readonly string[];
  skillsToTeach: readonly TaughtSkill[];
}

export interface Mentor {
  id: string;
  name: string;
  avatar: string | null;
  location: string;
  skillsToTeach: readonly TaughtSkill[];
  availability: readonly Availability[];
}

/** Words of a text, lower-cased; '+' and '#' stay so C++ and C# are words. */
export const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#]+/u)
    .filter(Boolean);

/** Whether every word of `term` is a word of `text` ('React' matches 'React Native', 'Go' not 'Google'). */
export const mentions = (text: string, term: string): boolean => {
  const termWords = words(term);
  if (termWords.length === 0) return false;
  const textWords = new Set(words(text));
  return termWords.every((w) => textWords.has(w));
};

/**
 * Scores add up, except that 'related' is for skills that are not themselves a name match: a skill
 * I asked for is already relevant, and the +30 is meant to surface neighbours of it.
 */
export const scoreSkills = (me: Learner, mentors: readonly Mentor[], stats: ReadonlyMap<string, MemberStats>): Recommendation[] => {
  const catalog = mentors.flatMap((m) => m.skillsToTeach);
  const wantedCategories = catalog.filter((s) => me.skillsToLearn.some((term) => mentions(s.name, term))).map((s) => s.category.toLowerCase());
  const related = new Set([...wantedCategories, ...me.skillsToTeach.map((s) => s.category.toLowerCase())]);
  const mySkillIds = new Set(me.skillsToTeach.map((s) => s.id));
  const scored: Recommendation[] = [];
  for (const mentor of mentors) {
    if (mentor.id === me.id) continue;
    const figures = stats.get(mentor.id) ?? { rating: 0, reviewCount: 0, completedSwaps: 0, streak: 0 };
    const hasAvailability = mentor.availability.length > 0;
    for (const skill of mentor.skillsToTeach) {
      if (mySkillIds.has(skill.id)) continue;
      const reasons: Reason[] = [];
      let score = 0;
      if (me.skillsToLearn.some((term) => mentions(skill.name, term))) {
        reasons.push('name_match');
        score += SCORE.nameMatch;
      } else if (related.has(skill.category.toLowerCase())) {
        reasons.push('related_skill');
        score += SCORE.relatedSkill;
      }
      if (me.skillsToLearn.some((term) => mentions(skill.description, term))) {
        reasons.push('text_match');
        score += SCORE.textMatch;
      }
      score += SCORE.perRatingPoint * figures.rating;
      score += Math.min(SCORE.perReview * figures.reviewCount, SCORE.reviewsCap);
      if (hasAvailability) score += SCORE.availability;
      if (score <= 0) continue;
      const { id, name, avatar, location } = mentor;
      scored.push({ skill, mentor: { id, name, avatar, location, rating: figures.rating, reviewCount: figures.reviewCount, hasAvailability }, score, reasons });
    }
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
  return scored.sort((a, b) => b.score - a.score || byName(a.skill.name, b.skill.name) || byName(a.mentor.name, b.mentor.name) || a.skill.id.localeCompare(b.skill.id));
};

interface MemberSkillsRow {
  id: string;
  name: string;
  avatar_url: string | null;
  location: string;
  skills_to_teach: TaughtSkill[];
  skills_to_learn: string[];
  availability: Availability[];
}

/** Every member with the fields matching needs (members read model, read only). */
export const loadMembersForMatching = async (db: Kysely<ReadModelsDb>): Promise<MemberSkillsRow[]> =>
  await db.selectFrom('members').select(['id', 'name', 'avatar_url', 'location', 'skills_to_teach', 'skills_to_learn', 'availability']).orderBy('id').execute();

export const toMentor = (row: MemberSkillsRow): Mentor => ({
  id: row.id,
  name: row.name,
  avatar: row.avatar_url,
  location: row.location,
  skillsToTeach: row.skills_to_teach,
  availability: row.availability,
});

/** At most 6 skills for the member, best first; [] for an unknown member. */
export const recommendations = async (db: Kysely<ReadModelsDb>, memberId: string): Promise<Recommendation[]> => {
  const rows = await loadMembersForMatching(db);
  const me = rows.find((r) => r.id === memberId);
  if (!me) return [];
  const mentors = rows.filter((r) => r.id !== memberId && r.skills_to_teach.length > 0).map(toMentor);
  const stats = await loadMemberStats(
    db,
    mentors.map((m) => m.id),
  );
  const learner: Learner = { id: me.id, skillsToLearn: me.skills_to_learn, skillsToTeach: me.skills_to_teach };
  return scoreSkills(learner, mentors, stats).slice(0, MAX_RECOMMENDATIONS);
};
