import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_REFETCH_WINDOW_MS, adminChangeKeys, analyticsStoredKeys, createCoalescer, errorsStoredKeys, metricsStoredKeys } from './admin-live';
import { adminKeys } from './keys';

describe('the admin area coalescing its refetches', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches a query at once on the first notice, then at most once a second however many follow', () => {
    const runs: { key: string; at: number }[] = [];
    const coalescer = createCoalescer(ADMIN_REFETCH_WINDOW_MS, (key) => runs.push({ key: JSON.stringify(key.queryKey), at: Date.now() }));
    const start = Date.now();
    const users = { queryKey: adminKeys.users() };
    coalescer.add(users);
    // A busy site: 50 notices over the next 2.5 s.
    for (let i = 1; i <= 50; i += 1) {
      vi.advanceTimersByTime(50);
      coalescer.add(users);
    }
    vi.advanceTimersByTime(2_000);
    expect(runs.map((run) => run.at - start)).toEqual([0, 1_000, 2_000, 3_000]);
    coalescer.stop();
  });

  it('keeps each query its own window, so one busy query never delays another', () => {
    const runs: string[] = [];
    const coalescer = createCoalescer(1_000, (key) => runs.push(String(key.queryKey.at(-1))));
    coalescer.add({ queryKey: adminKeys.activities() });
    vi.advanceTimersByTime(200);
    coalescer.add({ queryKey: adminKeys.activities() });
    coalescer.add({ queryKey: adminKeys.stats() });
    expect(runs).toEqual(['activities', 'stats']);
    vi.advanceTimersByTime(800);
    expect(runs).toEqual(['activities', 'stats', 'activities']);
    coalescer.stop();
  });

  it('fetches nothing more once stopped', () => {
    const run = vi.fn();
    const coalescer = createCoalescer(1_000, run);
    coalescer.add({ queryKey: adminKeys.users() });
    coalescer.add({ queryKey: adminKeys.users() });
    coalescer.stop();
    vi.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('makes stale every admin read of read models on an admin change, and the Live Activity and stats on a stored batch', () => {
    const keys = adminChangeKeys.map((key) => key.queryKey);
    // The users key is the prefix of the directory's pages, the stat cards and the inspector's detail.
    for (const read of [
      adminKeys.userPages('', 'all'),
      adminKeys.userStats(),
      adminKeys.userDetail('m1'),
      adminKeys.activities(),
      adminKeys.adminActivities(),
      adminKeys.stats(),
      adminKeys.stopped('profile'),
    ]) {
      expect(
        keys.some((key) => key.every((part, i) => read[i] === part)),
        JSON.stringify(read),
      ).toBe(true);
    }
    expect(keys.some((key) => key.every((part, i) => adminKeys.me()[i] === part))).toBe(false);
    expect(analyticsStoredKeys.map((key) => key.queryKey)).toEqual([adminKeys.activities(), adminKeys.stats()]);
    // A stored metrics sample batch: the System Metrics tab and the health card, nothing else.
    expect(metricsStoredKeys.map((key) => key.queryKey)).toEqual([adminKeys.metrics(), adminKeys.healthMetrics()]);
  });

  it('makes stale every error monitor read and the dashboard figures when errors are stored, and nothing else', () => {
    const keys = errorsStoredKeys.map((key) => key.queryKey);
    const covered = (read: readonly unknown[]) => keys.some((key) => key.every((part, i) => read[i] === part));
    const query = { search: 'boom', severity: 'high', status: 'unresolved', limit: 100 } as const;
    for (const read of [adminKeys.errors(query), adminKeys.errorStats(), adminKeys.errorGroup('0123456789abcdef'), adminKeys.stats()]) {
      expect(covered(read), JSON.stringify(read)).toBe(true);
    }
    for (const read of [adminKeys.users(), adminKeys.activities(), adminKeys.metrics(), adminKeys.heatmap()]) expect(covered(read), JSON.stringify(read)).toBe(false);
  });
});
