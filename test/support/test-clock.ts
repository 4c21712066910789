// A clock a test can move: fixed at a known instant (so slots are deterministic), set or advanced
// on demand (expiry, auto-completion, the cancellation window), or following a given function.
export interface TestClock {
  (): Date;
  /** Fixes the clock at this instant. */
  set(instant: Date | string): void;
  /** Moves the clock forward (or back, with a negative amount) by this many milliseconds. */
  advance(ms: number): void;
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export const createTestClock = (start: Date | string | (() => Date) = () => new Date()): TestClock => {
  let read: () => Date = typeof start === 'function' ? start : () => new Date(start);
  let fixed: number | null = typeof start === 'function' ? null : new Date(start).getTime();
  const clock = (() => (fixed === null ? read() : new Date(fixed))) as TestClock;
  clock.set = (instant) => {
    fixed = new Date(instant).getTime();
  };
  clock.advance = (ms) => {
    const base = fixed ?? read().getTime();
    fixed = base + ms;
    read = () => new Date(fixed!);
  };
  return clock;
};
