import { afterEach, describe, expect, it } from 'vitest';
import { liveGate, useDashboardUi } from './dashboard-store';

const answeredAt = (dataUpdatedAt: number) => ({ state: { dataUpdatedAt } });

describe("the dashboard's live switch", () => {
  afterEach(() => useDashboardUi.setState({ live: true, refreshAskedAt: 0, stoppedStep: null }));

  it('lets every read through while live, so pushes and the fallback interval refresh it', () => {
    expect(liveGate(true, 0)(answeredAt(1_000))).toBe(true);
  });

  it('holds a read that has its answer while paused, but lets a first read through', () => {
    const paused = liveGate(false, 0);
    expect(paused(answeredAt(0))).toBe(true);
    expect(paused(answeredAt(1_000))).toBe(false);
  });

  it("lets a paused read through once after 'Refresh All', until it answers again", () => {
    useDashboardUi.getState().setLive(false);
    const before = Date.now() - 1;
    useDashboardUi.getState().askRefresh();
    const { live, refreshAskedAt } = useDashboardUi.getState();
    expect(live).toBe(false);
    expect(liveGate(live, refreshAskedAt)(answeredAt(before))).toBe(true);
    expect(liveGate(live, refreshAskedAt)(answeredAt(refreshAskedAt + 1))).toBe(false);
  });
});
