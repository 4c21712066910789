import { describe, expect, it } from 'vitest';
import { createCoalescer, type Settled } from './coalescer.js';

interface Gate {
  batches: string[][];
  release(): void;
}

/** A run that records each batch and answers only when released, so the test decides what is in flight. */
const gated = (): Gate & { run(batch: readonly string[]): Promise<Settled<string>[]> } => {
  const batches: string[][] = [];
  const pending: (() => void)[] = [];
  return {
    batches,
    release() {
      pending.shift()?.();
    },
    run(batch) {
      batches.push([...batch]);
      return new Promise((resolve) => pending.push(() => resolve(batch.map((input) => ({ ok: true, value: input.toUpperCase() })))));
    },
  };
};

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('coalescer', () => {
  it('sends the calls of one tick together and gathers the calls made meanwhile into the next batch', async () => {
    const gate = gated();
    const coalescer = createCoalescer({ run: gate.run });
    const first = [coalescer.submit('a'), coalescer.submit('b')];
    await tick();
    const later = [coalescer.submit('c'), coalescer.submit('d'), coalescer.submit('e')];
    await tick();
    expect(gate.batches).toEqual([['a', 'b']]);
    gate.release();
    expect(await Promise.all(first)).toEqual(['A', 'B']);
    await tick();
    expect(gate.batches).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
    gate.release();
    expect(await Promise.all(later)).toEqual(['C', 'D', 'E']);
  });

  it('keeps up to maxInFlight batches out at once', async () => {
    const gate = gated();
    const coalescer = createCoalescer({ run: gate.run, maxInFlight: 2 });
    const a = coalescer.submit('a');
    await tick();
    const b = coalescer.submit('b');
    await tick();
    const c = coalescer.submit('c');
    await tick();
    expect(gate.batches).toEqual([['a'], ['b']]);
    gate.release();
    await a;
    await tick();
    expect(gate.batches).toEqual([['a'], ['b'], ['c']]);
    gate.release();
    gate.release();
    expect(await Promise.all([b, c])).toEqual(['B', 'C']);
  });

  it('never puts two calls that share a key in one batch, and caps a batch at maxBatch calls', async () => {
    const batches: string[][] = [];
    const coalescer = createCoalescer<string, string>({
      maxBatch: 3,
      keysOf: (input) => input.split('+'),
      async run(batch) {
        batches.push([...batch]);
        return batch.map((value) => ({ ok: true, value }));
      },
    });
    const calls = ['x+y', 'y', 'z', 'w', 'v', 'x'].map((input) => coalescer.submit(input));
    expect(await Promise.all(calls)).toEqual(['x+y', 'y', 'z', 'w', 'v', 'x']);
    // 'y' meets 'x+y' and waits; the batch fills up at three; 'x' meets nothing in the second batch.
    expect(batches).toEqual([
      ['x+y', 'z', 'w'],
      ['y', 'v', 'x'],
    ]);
  });

  it('gives each call its own outcome, and fails the whole batch only when the run throws', async () => {
    let calls = 0;
    const coalescer = createCoalescer<string, string>({
      async run(batch) {
        calls += 1;
        if (batch.includes('boom')) throw new Error('database gone');
        return batch.map((input) => (input === 'bad' ? { ok: false, error: new Error(`refused ${input}`) } : { ok: true, value: input }));
      },
    });
    const [good, bad] = await Promise.allSettled([coalescer.submit('good'), coalescer.submit('bad')]);
    expect(good).toEqual({ status: 'fulfilled', value: 'good' });
    expect(bad.status === 'rejected' && (bad.reason as Error).message).toBe('refused bad');

    const both = await Promise.allSettled([coalescer.submit('boom'), coalescer.submit('innocent')]);
    expect(both.map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual(['database gone', 'database gone']);
    // The coalescer is not stuck after a failed batch.
    expect(await coalescer.submit('after')).toBe('after');
    expect(calls).toBe(3);
  });

  it('refuses a run that answers another number of outcomes than calls', async () => {
    const coalescer = createCoalescer<string, string>({ run: async () => [{ ok: true, value: 'only one' }] });
    const results = await Promise.allSettled([coalescer.submit('a'), coalescer.submit('b')]);
    expect(results.every((r) => r.status === 'rejected' && /2 calls answered 1 outcomes/.test((r.reason as Error).message))).toBe(true);
  });
});
