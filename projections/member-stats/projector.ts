// The member-stats read model: completed sessions with their ratings, and per member the figures
// shown on profiles and the dashboard (rating, reviews, completed swaps, streak run). A member's
// figures are recomputed from the stored facts whenever one of their sessions changes, so they are
// the same however the events were batched.
import { sql } from 'kysely';
import type { SessionCompleted, SessionRated } from '../../domain/session/events.js';
import { memberChanged } from '../change-notices.js';
import { defineCustomProjection, type Recorded } from '../runtime/define-projection.js';
import type { ChangeNotice } from '../types.js';
import { runEndingOnLatest, utcDay } from './streak.js';
import { memberStatsTables, type CompletedSessionRow, type MemberStatsRow } from './tables.js';

type StatsEvent = SessionCompleted | SessionRated;

const evolveFact = (row: CompletedSessionRow | null, event: StatsEvent, occurredAt: string): CompletedSessionRow => {
  const d = event.data;
  const base: CompletedSessionRow = row ?? {
    session_id: d.sessionId,
    student_id: d.studentId,
    instructor_id: d.instructorId,
    skill_id: d.skillId,
    skill_name: d.skillName,
    experience_level: d.experienceLevel,
    starts_at: d.startsAt,
    duration_minutes: Math.round(d.durationHours * 60),
    cost: d.cost,
    // Ratings follow completion in the session stream; this is only a fallback for odd data.
    completed_at: occurredAt,
    completed_day: utcDay(occurredAt),
    rating: null,
    review: null,
    rated_at: null,
  };
  if (event.type === 'SessionCompleted') return { ...base, completed_at: occurredAt, completed_day: utcDay(occurredAt) };
  if (base.rated_at !== null) return base; // rated once; a repeat keeps the first
  return { ...base, rating: event.data.stars, review: event.data.review, rated_at: occurredAt };
};

/** Figures of each member from the facts of their completed sessions. */
type Fact = Pick<CompletedSessionRow, 'student_id' | 'instructor_id' | 'completed_day' | 'rating'>;

export const statsFromFacts = (memberIds: Iterable<string>, facts: readonly Fact[]): MemberStatsRow[] => {
  const byMember = new Map<string, Fact[]>();
  for (const fact of facts) {
    for (const id of new Set([fact.student_id, fact.instructor_id])) {
      const list = byMember.get(id);
      if (list) list.push(fact);
      else byMember.set(id, [fact]);
    }
  }
  return [...new Set(memberIds)].map((memberId) => {
    const mine = byMember.get(memberId) ?? [];
    const rated = mine.filter((f) => f.instructor_id === memberId && f.rating !== null);
    const run = runEndingOnLatest(mine.map((f) => f.completed_day));
    return {
      member_id: memberId,
      completed_swaps: mine.length,
      review_count: rated.length,
      rating_sum: rated.reduce((sum, f) => sum + Number(f.rating), 0),
      last_completed_day: run.lastDay,
      streak_days: run.length,
    };
  });
};

export const memberStatsProjector = defineCustomProjection({
  name: 'member-stats',
  version: 1,
  migration: '20261123T0920-create-member-stats',
  tables: memberStatsTables,
  canHandle: ['SessionCompleted', 'SessionRated'],
  async apply({ db, read, write }, events: readonly Recorded<StatsEvent>[]): Promise<ChangeNotice[]> {
    const stored = await read(
      'completed_sessions',
      events.map((event) => event.data.sessionId),
    );
    const facts = new Map<string, CompletedSessionRow>();
    const members = new Set<string>();
    for (const event of events) {
      const id = event.data.sessionId;
      facts.set(id, evolveFact(facts.get(id) ?? stored.get(id) ?? null, event, event.metadata.occurredAt));
      members.add(event.data.studentId).add(event.data.instructorId);
    }
    await write('completed_sessions', [...facts.values()]);
    if (members.size === 0) return [];

    // Read after the write, in the same transaction: the figures count this batch's facts too.
    const ids = [...members];
    const all = await db
      .selectFrom('completed_sessions')
      .select(['session_id', 'student_id', 'instructor_id', 'completed_day', 'rating'])
      .where((eb) => eb.or([eb('student_id', '=', sql<string>`any(${ids}::text[])`), eb('instructor_id', '=', sql<string>`any(${ids}::text[])`)]))
      .execute();
    await write('member_stats', statsFromFacts(ids, all));
    return ids.map((id) => memberChanged(id, 'stats'));
  },
});
