// The member-stats read model: completed sessions with their ratings, and per member the figures
// shown on profiles and the dashboard (rating, reviews, completed swaps, streak run). A member's
// figures are recomputed from the stored facts whenever one of their sessions changes, so they are
// the same however the events were batched.
import { sql, type Kysely } from 'kysely';
import type { SessionCompleted, SessionRated } from '../../domain/session/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { loadRowsByKey, writeRows, type ColumnSpec } from '../shared/set-wise.js';
import type { ChangeNotice, Projector } from '../types.js';
import { memberStatsMigrations } from './migrations.js';
import { runEndingOnLatest, utcDay } from './streak.js';
import type { CompletedSessionRow, MemberStatsRow } from './tables.js';

type StatsEvent = SessionCompleted | SessionRated;

const factColumns: readonly ColumnSpec[] = [
  { name: 'session_id', type: 'text' },
  { name: 'student_id', type: 'text' },
  { name: 'instructor_id', type: 'text' },
  { name: 'skill_id', type: 'text' },
  { name: 'skill_name', type: 'text' },
  { name: 'experience_level', type: 'text' },
  { name: 'starts_at', type: 'timestamptz' },
  { name: 'duration_minutes', type: 'int4' },
  { name: 'cost', type: 'int4' },
  { name: 'completed_at', type: 'timestamptz' },
  { name: 'completed_day', type: 'text' },
  { name: 'rating', type: 'int4' },
  { name: 'review', type: 'text' },
  { name: 'rated_at', type: 'timestamptz' },
];

const statsColumns: readonly ColumnSpec[] = [
  { name: 'member_id', type: 'text' },
  { name: 'completed_swaps', type: 'int4' },
  { name: 'review_count', type: 'int4' },
  { name: 'rating_sum', type: 'int4' },
  { name: 'last_completed_day', type: 'text' },
  { name: 'streak_days', type: 'int4' },
];

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
export const statsFromFacts = (memberIds: Iterable<string>, facts: readonly CompletedSessionRow[]): MemberStatsRow[] => {
  const byMember = new Map<string, CompletedSessionRow[]>();
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

export const memberStatsProjector: Projector = {
  name: 'member-stats',
  version: 1,
  tables: ['completed_sessions', 'member_stats'],
  migrations: memberStatsMigrations,
  handles: ['SessionCompleted', 'SessionRated'] satisfies StatsEvent['type'][],
  async apply(db: Kysely<any>, events: RecordedEvent[]): Promise<ChangeNotice[]> {
    const typed = events.map((e) => ({ event: { type: e.type, data: e.data } as StatsEvent, occurredAt: e.metadata.occurredAt }));
    const stored = await loadRowsByKey<CompletedSessionRow>(db, 'completed_sessions', 'session_id', typed.map(({ event }) => event.data.sessionId));
    const facts = new Map<string, CompletedSessionRow>();
    const members = new Set<string>();
    for (const { event, occurredAt } of typed) {
      const id = event.data.sessionId;
      facts.set(id, evolveFact(facts.get(id) ?? stored.get(id) ?? null, event, occurredAt));
      members.add(event.data.studentId).add(event.data.instructorId);
    }
    await writeRows(db, 'completed_sessions', factColumns, [...facts.values()] as unknown as Record<string, unknown>[], {
      key: ['session_id'],
      onConflict: 'update',
    });
    if (members.size === 0) return [];

    const ids = [...members];
    const all = (await db
      .selectFrom('completed_sessions')
      .select(['session_id', 'student_id', 'instructor_id', 'completed_day', 'rating'])
      .where((eb) => eb.or([eb('student_id', '=', sql<string>`any(${ids}::text[])`), eb('instructor_id', '=', sql<string>`any(${ids}::text[])`)]))
      .execute()) as CompletedSessionRow[];
    await writeRows(db, 'member_stats', statsColumns, statsFromFacts(ids, all) as unknown as Record<string, unknown>[], {
      key: ['member_id'],
      onConflict: 'update',
    });
    return ids.map((id) => ({ scope: 'user', id }));
  },
};
