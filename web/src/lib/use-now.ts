import { useEffect, useState } from 'react';

/** The browser clock in ms, refreshed every `intervalMs` so relative times and time-gated buttons move on. */
export const useNow = (intervalMs = 60_000): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
};
