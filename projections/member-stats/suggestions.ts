// The dashboard's suggestion carousel (spec 000 §3 Suggestion): two to five items built on request
// from the members and member-stats tables. Industry news has no feed behind it yet: it is a short
// editorial list per category, rotated by the day, and the seam where a real feed would plug in.
import type { Kysely } from 'kysely';
import type { TaughtSkill } from '../../domain/member/events.js';
import { loadMemberStats } from './queries.js';
import { loadMembersForMatching, mentions, scoreSkills, toMentor } from './recommendations.js';
import type { ReadModelsDb } from '../read-models.js';
import type { Suggestion } from '../../api/contracts/dashboard.js';

export type SuggestionType = 'skill_match' | 'helper_match' | 'next_skill' | 'industry_news';

export type { Suggestion };

export const MAX_SUGGESTIONS = 5;

const NEWS: Readonly<Record<string, readonly Suggestion[]>> = {
  development: [
    {
      type: 'industry_news',
      title: 'Trending in Development',
      description: 'Type-safe full-stack tooling keeps growing: teams pairing TypeScript with schema validation ship fewer runtime bugs.',
    },
    {
      type: 'industry_news',
      title: 'Trending in Development',
      description: 'AI pair programming is now routine; reviewers who know the fundamentals catch what assistants miss.',
    },
  ],
  design: [
    {
      type: 'industry_news',
      title: 'Trending in Design',
      description: 'Design systems with accessible primitives are the norm: contrast, focus order and motion preferences come first.',
    },
  ],
  business: [
    { type: 'industry_news', title: 'Trending in Business', description: 'Product-led growth keeps spreading: teams measure activation before they add sales.' },
  ],
  marketing: [
    {
      type: 'industry_news',
      title: 'Trending in Marketing',
      description: 'First-party data and community content are replacing third-party tracking in most campaigns.',
    },
  ],
  general: [
    {
      type: 'industry_news',
      title: 'Learning tip',
      description: 'Teaching a skill is the fastest way to master it: one hour taught earns you a point for your next lesson.',
    },
    { type: 'industry_news', title: 'Community pulse', description: 'Members who book a session in their first week keep learning twice as long. Pick a mentor today.' },
  ],
};

const DAY_MS = 86_400_000;

const newsFor = (categories: readonly string[], now: string): Suggestion => {
  const key = categories.map((c) => c.toLowerCase().replace('digital ', '')).find((c) => c in NEWS) ?? 'general';
  const items = NEWS[key] ?? NEWS.general!;
  return items[Math.floor(Date.parse(now) / DAY_MS) % items.length]!;
};

const pointsText = (skill: TaughtSkill) => `${skill.pointsPerHour} point${skill.pointsPerHour === 1 ? '' : 's'} per hour`;

/** 2 to 5 suggestions for the member; [] for an unknown member. */
export const suggestions = async (db: Kysely<ReadModelsDb>, memberId: string, now: string = new Date().toISOString()): Promise<Suggestion[]> => {
  const rows = await loadMembersForMatching(db);
  const me = rows.find((r) => r.id === memberId);
  if (!me) return [];
  const others = rows.filter((r) => r.id !== memberId);
  const mentors = others.filter((r) => r.skills_to_teach.length > 0).map(toMentor);
  const stats = await loadMemberStats(
    db,
    mentors.map((m) => m.id),
    now,
  );
  const ranked = scoreSkills({ id: me.id, skillsToLearn: me.skills_to_learn, skillsToTeach: me.skills_to_teach }, mentors, stats);
  const items: Suggestion[] = [];

  for (const match of ranked.filter((r) => r.reasons.includes('name_match')).slice(0, 2)) {
    const rating = match.mentor.reviewCount > 0 ? `, rated ${match.mentor.rating}` : '';
    items.push({
      type: 'skill_match',
      title: `Learn ${match.skill.name} with ${match.mentor.name}`,
      description: `${match.mentor.name} teaches ${match.skill.name} at ${match.skill.experienceLevel} level for ${pointsText(match.skill)}${rating}.`,
    });
  }

  const helped = others
    .flatMap((o) => me.skills_to_teach.filter((s) => o.skills_to_learn.some((term) => mentions(s.name, term))).map((s) => ({ member: o, skill: s })))
    .sort((a, b) => a.member.name.localeCompare(b.member.name) || a.skill.name.localeCompare(b.skill.name))[0];
  if (helped) {
    items.push({
      type: 'helper_match',
      title: `${helped.member.name} wants to learn ${helped.skill.name}`,
      description: `You teach ${helped.skill.name}. Share what you know and earn points for your own lessons.`,
    });
  }

  const learned = (await db
    .selectFrom('completed_sessions')
    .select(['skill_name'])
    .where('student_id', '=', memberId)
    .orderBy('completed_at', 'desc')
    .limit(1)
    .executeTakeFirst()) as { skill_name: string } | undefined;
  const prior = learned ? mentors.flatMap((m) => m.skillsToTeach).find((s) => s.name.toLowerCase() === learned.skill_name.toLowerCase()) : undefined;
  const next = prior ? ranked.find((r) => r.skill.category === prior.category && r.skill.name.toLowerCase() !== prior.name.toLowerCase()) : undefined;
  if (learned && next) {
    items.push({
      type: 'next_skill',
      title: `Next up: ${next.skill.name}`,
      description: `You completed ${learned.skill_name}. ${next.skill.name} with ${next.mentor.name} is a natural next step.`,
    });
  } else if (me.skills_to_learn.length === 0) {
    items.push({
      type: 'next_skill',
      title: 'Add a skill you want to learn',
      description: 'List what you want to learn on your profile and we will match you with mentors who teach it.',
    });
  } else if (items.length === 0) {
    items.push({
      type: 'next_skill',
      title: 'Book your first session',
      description: 'Search for a mentor, pick a time that suits you both, and spend your welcome points.',
    });
  }

  const categories = [...me.skills_to_teach.map((s) => s.category), ...ranked.slice(0, 1).map((r) => r.skill.category)];
  // With the news item there are always two: a member with no other item got a next_skill above.
  items.push(newsFor(categories, now));
  return items.slice(0, MAX_SUGGESTIONS);
};
