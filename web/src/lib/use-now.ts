import { useEffect, useState } from 'react';

/**
 * The browser clock in ms, refreshed every `intervalMs` so relative times and time-gated buttons move on,
 * and at each of `turningPoints` (instants in ms) still ahead, so a button that a moment enables or ends
 * changes at that moment rather than up to an interval later.
 */
export const useNow = (intervalMs = 60_000, turningPoints: readonly number[] = []): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  const next = turningPoints.filter((at) => at > now).sort((a, b) => a - b)[0];
  useEffect(() => {
    // Timers past about 24.8 days fire at once; the interval covers those.
    if (next === undefined || next - Date.now() > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, next - Date.now()));
    return () => clearTimeout(timer);
  }, [next]);
  return now;
};
