import { describe, expect, it } from 'vitest';
import { compareSqlCheckpoints } from '../../eventstore/sql-checkpoints.js';
import { createWaiters, type ProjectorPosition } from './waiters.js';

const store = { compareCheckpoints: compareSqlCheckpoints };

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => {},
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('waiting for the read models', () => {
  it('settles a waiter only once every running projector has passed its checkpoint', async () => {
    const positions: ProjectorPosition[] = [
      { name: 'a', state: 'live', position: '10:5' },
      { name: 'b', state: 'live', position: '9:900' },
      { name: 'c', state: 'failed', position: null }, // a failed projector is not waited for
    ];
    const waiters = createWaiters(store, () => positions);
    const early = waiters.waitFor('9:100', 1000);
    const late = waiters.waitFor('10:5', 1000);
    expect(await settled(early)).toBe(true);
    expect(await settled(late)).toBe(false);
    positions[1] = { name: 'b', state: 'catching-up', position: '10:5' };
    waiters.settle();
    expect(await settled(late)).toBe(true);
  });

  it('never waits for a rebuilding, paused or eventual read model', async () => {
    const positions: ProjectorPosition[] = [
      { name: 'a', state: 'live', position: '10:5' },
      { name: 'b', state: 'rebuilding', position: null },
      { name: 'c', state: 'paused', position: '1:1' },
      { name: 'd', state: 'live', position: null, consistency: 'eventual' },
    ];
    const waiters = createWaiters(store, () => positions);
    expect(await settled(waiters.waitFor('10:5', 1000))).toBe(true);
  });

  it('settles nobody while a projector starts, and everybody when none runs', async () => {
    const positions: ProjectorPosition[] = [
      { name: 'a', state: 'live', position: '10:5' },
      { name: 'b', state: 'starting', position: '10:5' },
    ];
    const waiters = createWaiters(store, () => positions);
    const waiting = waiters.waitFor('1:1', 1000);
    waiters.settle();
    expect(await settled(waiting)).toBe(false);
    positions[0] = { name: 'a', state: 'standby', position: null };
    positions[1] = { name: 'b', state: 'stopped', position: null };
    waiters.settle();
    expect(await settled(waiting)).toBe(true);
  });

  it("waits only for the read models that handle one of the write's event types", async () => {
    const positions: ProjectorPosition[] = [
      { name: 'members', state: 'live', position: '10:5', handles: new Set(['MemberRegistered']) },
      { name: 'ledger', state: 'catching-up', position: '2:1', handles: new Set(['PointsGranted']) },
      { name: 'starting', state: 'starting', position: null, handles: new Set(['PostCreated']) },
    ];
    const waiters = createWaiters(store, () => positions);
    expect(await settled(waiters.waitFor('10:5', 1000, ['MemberRegistered']))).toBe(true);
    const untyped = waiters.waitFor('10:5', 1000);
    const ledger = waiters.waitFor('10:5', 1000, ['MemberRegistered', 'PointsGranted']);
    expect(await settled(untyped)).toBe(false);
    expect(await settled(ledger)).toBe(false);
    positions[1] = { ...positions[1]!, position: '10:5' };
    waiters.settle();
    expect(await settled(ledger)).toBe(true);
    // The starting read model still holds back a wait that does not say what it wrote.
    expect(await settled(untyped)).toBe(false);
  });
});
