// Streaks (spec 000 §3 Streak). The rule: a day counts when the member completed at least one
// session on it, as student or mentor, by the UTC date of the completion event. The streak is the
// number of consecutive such days ending on the latest one, and it only stands while that latest
// day is today or yesterday (UTC): a member who completed something yesterday has not broken it yet.

const DAY_MS = 86_400_000;

export const utcDay = (iso: string): string => iso.slice(0, 10);

const previousDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS).toISOString().slice(0, 10);

/** The latest day and the length of the run of consecutive days ending on it. */
export const runEndingOnLatest = (days: Iterable<string>): { lastDay: string | null; length: number } => {
  const sorted = [...new Set(days)].sort().reverse();
  const lastDay = sorted[0] ?? null;
  if (lastDay === null) return { lastDay: null, length: 0 };
  let length = 1;
  while (sorted[length] !== undefined && sorted[length] === previousDay(sorted[length - 1]!)) length += 1;
  return { lastDay, length };
};

/** The streak shown at `now`: the stored run while its last day is today or yesterday, else 0. */
export const streakAt = (lastDay: string | null, runLength: number, now: string): number => {
  if (lastDay === null) return 0;
  const today = utcDay(new Date(Date.parse(now)).toISOString());
  return lastDay === today || lastDay === previousDay(today) ? runLength : 0;
};
