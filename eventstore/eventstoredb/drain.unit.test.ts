// drain() over a Node object-mode stream, which is what the client's ReadStream is (a Transform the
// gRPC call is piped into); `cancel` records what the client's cancel() would do to that call.
import { PassThrough } from 'node:stream';
import { DeadlineExceededError } from '@eventstore/db-client';
import type { StreamingRead } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { drain } from './reads.js';

const readOf = (items: number[], { end }: { end: boolean }) => {
  const stream = new PassThrough({ objectMode: true });
  const calls = { cancelled: 0 };
  for (const item of items) stream.write(item);
  if (end) stream.end();
  const read = Object.assign(stream, { cancel: async () => void calls.cancelled++ }) as unknown as StreamingRead<number>;
  return { read, calls };
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('draining a read', () => {
  it('cancels the call behind a read it leaves early', async () => {
    const { read, calls } = readOf([1, 2, 3, 4], { end: true });
    const seen: number[] = [];
    await drain(read, (n) => (seen.push(n), n < 2), 1_000, 'reading s');
    await settle();
    expect(seen).toEqual([1, 2]);
    expect(calls.cancelled).toBe(1);
  });

  it('leaves a read that ended alone', async () => {
    const { read, calls } = readOf([1, 2], { end: true });
    const seen: number[] = [];
    await drain(read, (n) => void seen.push(n), 1_000, 'reading s');
    await settle();
    expect(seen).toEqual([1, 2]);
    expect(calls.cancelled).toBe(0);
  });

  it('gives up on a stalled read at its deadline, as a transient failure, and cancels it', async () => {
    const { read, calls } = readOf([1], { end: false });
    const error = await drain(read, () => {}, 50, 'reading s').catch((e: unknown) => e);
    await settle();
    expect(error).toBeInstanceOf(DeadlineExceededError);
    expect((error as Error).message).toBe('reading s: no answer within 50 ms');
    expect(calls.cancelled).toBe(1);
  });
});
