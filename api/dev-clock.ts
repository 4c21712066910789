// The development clock of `npm run dev` (issue 29 item 17): DEV_CLOCK_OFFSET moves the server's time
// (and, through web/build/dev-clock.ts, the dev client's) so that the session lifecycle can be tried
// without waiting: completion after a session's end, expiry of unanswered requests, the 2 h rule.
// Only scripts/dev-api.ts reads it; the production start refuses it (api/config.ts).

export const DEV_CLOCK_VARIABLE = 'DEV_CLOCK_OFFSET';

const units: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const shiftPattern = /^([+-]?)(\d+(?:\.\d+)?)([smhd])$/;

export const DEV_CLOCK_FORMAT = 'an offset such as +26h, -30m, +3d or +90s, or an ISO instant such as 2026-12-07T10:00:00Z';

/**
 * The milliseconds DEV_CLOCK_OFFSET moves the clock by: an offset (+26h, -30m, 3d, +90s) as it is, or an
 * instant (ISO 8601, with its zone) as the distance from `realNow`, so the clock starts there and runs on.
 * Throws a message naming the variable for anything else.
 */
export const parseDevClockOffset = (value: string, realNow: number): number => {
  const text = value.trim();
  const shift = shiftPattern.exec(text);
  if (shift) return (shift[1] === '-' ? -1 : 1) * Number(shift[2]) * units[shift[3]!]!;
  if (/^\d{4}-\d{2}-\d{2}T/.test(text) && /(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const instant = Date.parse(text);
    if (!Number.isNaN(instant)) return instant - realNow;
  }
  throw new Error(`${DEV_CLOCK_VARIABLE} must be ${DEV_CLOCK_FORMAT} (got "${value}")`);
};

/** A clock `offsetMs` ahead of (or behind) the real one, running at the real pace. */
export const shiftedClock =
  (offsetMs: number, real: () => number = Date.now): (() => Date) =>
  () =>
    new Date(real() + offsetMs);
