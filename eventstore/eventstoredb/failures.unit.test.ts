import { convertToCommandError, StreamNotFoundError, WrongExpectedVersionError } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../types.js';
import { classifyEsdbError, retryDelayMs, withRetries } from './failures.js';

/** gRPC status codes (grpc-js is the client's dependency, not ours). */
const status = { CANCELLED: 1, UNKNOWN: 2, DEADLINE_EXCEEDED: 4, NOT_FOUND: 5, PERMISSION_DENIED: 7, ABORTED: 10, UNAVAILABLE: 14, UNAUTHENTICATED: 16 } as const;

/** A gRPC failure as grpc-js hands it to the client (code, details, trailers), turned into the client's error as it does. */
const clientError = (code: number, details: string, trailers: Record<string, string> = {}): unknown => {
  const metadata = { getMap: () => trailers };
  const error = Object.assign(new Error(`${code} ${details}`), { code, details, metadata });
  return convertToCommandError(error as unknown as Parameters<typeof convertToCommandError>[0]);
};

const notLeader = () =>
  clientError(status.NOT_FOUND, 'Leader info available', { exception: 'not-leader', 'leader-endpoint-host': '10.0.0.2', 'leader-endpoint-port': '2113' });
const unavailable = () => clientError(status.UNAVAILABLE, 'No connection established');
const conflict = () =>
  clientError(status.UNKNOWN, 'WrongExpectedVersion', { exception: 'wrong-expected-version', 'stream-name': 's', 'expected-version': '1', 'actual-version': '2' });

describe('classifying EventStoreDB client errors', () => {
  it('retries a write a follower refused, knowing nothing was written', () => {
    expect(classifyEsdbError(notLeader())).toEqual({ kind: 'transient', written: 'no' });
  });

  it('retries an unreachable, stalled or server-cancelled call, which may have written', () => {
    for (const error of [
      unavailable(),
      clientError(status.DEADLINE_EXCEEDED, 'Deadline exceeded'),
      clientError(status.ABORTED, 'Operation timed out'),
      clientError(status.CANCELLED, 'Cancelled on server'),
    ]) {
      expect(classifyEsdbError(error)).toEqual({ kind: 'transient', written: 'maybe' });
    }
  });

  it('does not retry conflicts, missing streams, refusals or our own cancellation', () => {
    expect(conflict()).toBeInstanceOf(WrongExpectedVersionError);
    const missing = clientError(status.NOT_FOUND, 'not found', { exception: 'stream-not-found', 'stream-name': 's' });
    expect(missing).toBeInstanceOf(StreamNotFoundError);
    for (const error of [
      conflict(),
      missing,
      clientError(status.PERMISSION_DENIED, 'denied', { exception: 'access-denied' }),
      clientError(status.UNAUTHENTICATED, 'bad credentials'),
      clientError(status.CANCELLED, 'Cancelled on client'),
      new Error('a bug of ours'),
    ]) {
      expect(classifyEsdbError(error)).toEqual({ kind: 'permanent' });
    }
  });
});

describe('retrying transient failures', () => {
  const quick = { retries: 2, baseDelayMs: 1 };

  it('answers with the first attempt that succeeds', async () => {
    const failures = [unavailable(), notLeader()];
    let attempts = 0;
    const result = await withRetries('appending to s', quick, async () => {
      attempts++;
      const next = failures.shift();
      if (next) throw next;
      return 'written';
    });
    expect(result).toBe('written');
    expect(attempts).toBe(3);
  });

  it('gives up saying the outcome is unknown when an attempt may have written', async () => {
    const errors = [notLeader(), unavailable(), notLeader()];
    const error = await withRetries('appending to s', quick, async () => Promise.reject(errors.shift()), { writes: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as StoreUnavailableError).outcome).toBe('unknown');
    expect((error as StoreUnavailableError).message).toMatch(/failed 3 times.*retry with the same event ids/);
  });

  it('gives up saying nothing was written when every attempt was refused before writing', async () => {
    const error = await withRetries('appending to s', quick, async () => Promise.reject(notLeader()), { writes: true }).catch((e: unknown) => e);
    expect((error as StoreUnavailableError).outcome).toBe('not-written');
  });

  it('never reports an unknown outcome for a read', async () => {
    const error = await withRetries('reading s', quick, async () => Promise.reject(unavailable())).catch((e: unknown) => e);
    expect((error as StoreUnavailableError).outcome).toBe('not-written');
    expect((error as StoreUnavailableError).message).not.toMatch(/may have been written/);
  });

  it('passes a permanent failure through at once, unchanged', async () => {
    const refusal = conflict();
    let attempts = 0;
    const error = await withRetries('appending to s', quick, async () => {
      attempts++;
      throw refusal;
    }).catch((e: unknown) => e);
    expect(error).toBe(refusal);
    expect(attempts).toBe(1);
  });

  it('waits longer after each failure, within a cap and with jitter', () => {
    const policy = { retries: 9, baseDelayMs: 100 };
    expect([1, 2, 3].map((n) => retryDelayMs(policy, n, () => 1))).toEqual([100, 200, 400]);
    expect(retryDelayMs(policy, 3, () => 0)).toBe(200);
    expect(retryDelayMs(policy, 10, () => 1)).toBe(2_000);
  });
});
