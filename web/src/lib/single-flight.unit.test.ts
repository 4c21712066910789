import { describe, expect, it } from 'vitest';
import { createSingleFlight } from './single-flight';

/** A promise the test settles by hand. */
const deferred = () => {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('a like ignored while one is in flight (spec 000 §5)', () => {
  it('runs the first click and ignores the next ones until it settles', async () => {
    const flight = createSingleFlight();
    const request = deferred();
    let runs = 0;
    const like = () => flight(() => (runs++, request.promise));
    const first = like();
    expect(first).not.toBeNull();
    expect(like()).toBeNull();
    expect(like()).toBeNull();
    expect(runs).toBe(1);
    request.resolve();
    await first;
    expect(like()).not.toBeNull();
    expect(runs).toBe(2);
  });

  it('takes clicks again after a failed request', async () => {
    const flight = createSingleFlight();
    const request = deferred();
    const first = flight(() => request.promise);
    request.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    expect(flight(() => Promise.resolve())).not.toBeNull();
  });
});
