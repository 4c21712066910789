import { describe, expect, it } from 'vitest';
import { matchStoredIds, planAppend, tailPages } from './idempotent-append.js';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const tail = (revision: bigint, ids: Array<[bigint, string]>) => ({ revision, events: ids.map(([r, id]) => ({ revision: r, id })) });

describe('matching a retried append against the end of its stream', () => {
  it('finds every id and answers with the revision of the last, in any order and any case', () => {
    const stored = [
      { revision: 9n, id: ID(7) },
      { revision: 8n, id: ID(2).toUpperCase() },
      { revision: 7n, id: ID(1) },
      { revision: 6n, id: ID(0) },
    ];
    expect(matchStoredIds(stored, [ID(1), ID(2)])).toEqual({ found: 'all', lastRevision: 8n });
  });

  it('tells a partial match from none', () => {
    const stored = [{ revision: 3n, id: ID(1) }];
    expect(matchStoredIds(stored, [ID(1), ID(2)])).toEqual({ found: 'some' });
    expect(matchStoredIds(stored, [ID(5)])).toEqual({ found: 'none' });
    expect(matchStoredIds([], [ID(5)])).toEqual({ found: 'none' });
  });
});

describe('planning an append without an exact revision', () => {
  it("creates a missing stream for 'any' and refuses 'stream_exists' on it", () => {
    expect(planAppend('any', null, [ID(1)])).toEqual({ action: 'append', at: 'no_stream' });
    expect(planAppend('stream_exists', null, [ID(1)])).toEqual({ action: 'conflict', actual: 'no_stream' });
  });

  it('appends new events at the exact revision it read, so a resend is recognised by the server', () => {
    expect(planAppend('any', tail(41n, [[41n, ID(9)]]), [ID(1)])).toEqual({ action: 'append', at: 41n });
    expect(planAppend('stream_exists', tail(0n, [[0n, ID(9)]]), [ID(1)])).toEqual({ action: 'append', at: 0n });
  });

  it('answers a retry whose events are all stored, however many events came after them', () => {
    const stored = tail(500n, [
      [500n, ID(500)],
      [3n, ID(2)],
      [2n, ID(1)],
    ]);
    expect(planAppend('any', stored, [ID(1), ID(2)])).toEqual({ action: 'answer', lastRevision: 3n });
  });

  it('refuses events whose ids are only partly stored, as the server does at an exact revision', () => {
    expect(planAppend('any', tail(3n, [[3n, ID(1)]]), [ID(1), ID(2)])).toEqual({ action: 'conflict', actual: 3n });
  });
});

describe('the pages of the idempotency window', () => {
  it('reads a short first page, then the rest of the window', () => {
    expect(tailPages(1_000)).toEqual([64, 936]);
    expect(tailPages(64)).toEqual([64]);
    expect(tailPages(10)).toEqual([10]);
    expect(tailPages(0)).toEqual([]);
  });
});
