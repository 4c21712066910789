import { describe, expect, it } from 'vitest';
import { createReadYourWrites } from './read-your-writes.js';

/** A projection runtime whose waitFor settles when the test says so, per checkpoint. */
const heldRuntime = () => {
  const waits = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  return {
    waitFor: (checkpoint: string) => new Promise<void>((resolve, reject) => void waits.set(checkpoint, { resolve, reject })),
    pass: (checkpoint: string) => waits.get(checkpoint)!.resolve(),
    fail: (checkpoint: string, error: Error) => waits.get(checkpoint)!.reject(error),
  };
};

const settledYet = async (promise: Promise<void> | undefined) => {
  let settled = false;
  void promise?.then(() => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
};

describe('read-your-writes at the next request', () => {
  it('holds the next request of every member a write concerns until the read models show it', async () => {
    const runtime = heldRuntime();
    const ryw = createReadYourWrites(runtime);
    ryw.wrote(['student', 'mentor'], '7');
    const student = ryw.pendingFor('student');
    const mentor = ryw.pendingFor('mentor');
    expect(ryw.pendingFor('someone else')).toBeUndefined();
    expect(await settledYet(student)).toBe(false);
    expect(await settledYet(mentor)).toBe(false);
    runtime.pass('7');
    expect(await settledYet(student)).toBe(true);
    expect(await settledYet(mentor)).toBe(true);
    expect(ryw.pendingFor('student')).toBeUndefined();
    expect(ryw.size()).toBe(0);
  });

  it('waits for both of two writes answered together, whichever the read models show first', async () => {
    const runtime = heldRuntime();
    const ryw = createReadYourWrites(runtime);
    ryw.wrote(['student'], '9');
    ryw.wrote(['student'], '8');
    runtime.pass('8');
    expect(await settledYet(ryw.pendingFor('student'))).toBe(false);
    runtime.pass('9');
    expect(await settledYet(ryw.pendingFor('student'))).toBe(true);
    expect(ryw.size()).toBe(0);
  });

  it('lets the requests go on and reports it when the read models are late', async () => {
    const runtime = heldRuntime();
    const late: unknown[] = [];
    const ryw = createReadYourWrites(runtime, (members, error) => late.push({ members, error: (error as Error).message }));
    ryw.wrote(['student', 'student', 'mentor'], '3');
    const student = ryw.pendingFor('student');
    runtime.fail('3', new Error('Read models did not reach checkpoint 3 within 5000 ms'));
    expect(await settledYet(student)).toBe(true);
    expect(late).toEqual([{ members: ['student', 'student', 'mentor'], error: 'Read models did not reach checkpoint 3 within 5000 ms' }]);
    expect(ryw.size()).toBe(0);
  });

  it('gives the writing route the same wait, which settles even when the read models are late', async () => {
    const runtime = heldRuntime();
    const ryw = createReadYourWrites(runtime);
    const shown = ryw.wrote(['student'], '4');
    const late = ryw.wrote(['mentor'], '5');
    expect(await settledYet(shown)).toBe(false);
    runtime.pass('4');
    expect(await settledYet(shown)).toBe(true);
    runtime.fail('5', new Error('late'));
    expect(await settledYet(late)).toBe(true);
  });
});
