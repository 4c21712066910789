import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { invalidateChanges } from './stale-keys';
import type { StaleKeys } from './stale-keys';

const modificationsKey = ['sessions', 'one', 's1', 'modifications'] as const;
const staleKeys: StaleKeys = (change) => (change.scope === 'session' ? [{ queryKey: ['sessions', 'one', change.id] }] : []);

/** A query fn whose answers the test releases one by one, like responses still on the wire. */
const heldAnswers = () => {
  const pending: ((value: string) => void)[] = [];
  let calls = 0;
  return {
    queryFn: () => {
      calls += 1;
      return new Promise<string>((resolve) => pending.push(resolve));
    },
    calls: () => calls,
    answer: (value: string) => pending.shift()!(value),
  };
};

/** The modifications read, mounted (an observer subscribed) with held answers; `cached` data to start with, if given. */
const mountedModifications = (cached?: string) => {
  const client = new QueryClient();
  if (cached !== undefined) client.setQueryData(modificationsKey, cached);
  const answers = heldAnswers();
  const unsubscribe = new QueryObserver(client, { queryKey: modificationsKey, queryFn: answers.queryFn, staleTime: 0 }).subscribe(() => {});
  return { client, answers, unsubscribe };
};

describe('invalidating the queries a change makes stale', () => {
  it('refetches a query whose first fetch was still in flight when the change was announced', async () => {
    // Issue 29 item 10: a card's first read of a session's modifications, sent before the mentor's
    // proposal was projected and answered after its notice, kept the answer without the proposal.
    const { client, answers, unsubscribe } = mountedModifications();
    expect(answers.calls()).toBe(1);

    const invalidated = invalidateChanges(client, staleKeys, [{ scope: 'session', id: 's1' }]);
    answers.answer('before the proposal');
    await vi.waitFor(() => expect(answers.calls(), 'a second fetch, after the change').toBe(2));
    answers.answer('with the proposal');
    await invalidated;

    expect(client.getQueryData(modificationsKey)).toBe('with the proposal');
    unsubscribe();
  });

  it('refetches a query with data once the answer in flight is in, and shows the later answer', async () => {
    const { client, answers, unsubscribe } = mountedModifications('cached');
    expect(answers.calls()).toBe(1);

    const invalidated = invalidateChanges(client, staleKeys, [{ scope: 'session', id: 's1' }]);
    expect(answers.calls(), 'the fetch in flight is not cancelled and asked again at once').toBe(1);
    answers.answer('old');
    await vi.waitFor(() => expect(answers.calls()).toBe(2));
    answers.answer('new');
    await invalidated;

    expect(client.getQueryData(modificationsKey)).toBe('new');
    unsubscribe();
  });

  it('fetches once more after a burst of notices that came while a fetch was in flight, not once per notice', async () => {
    const { client, answers, unsubscribe } = mountedModifications();

    const burst = [1, 2, 3].map(() => invalidateChanges(client, staleKeys, [{ scope: 'session', id: 's1' }]));
    answers.answer('before the burst');
    await vi.waitFor(() => expect(answers.calls()).toBe(2));
    answers.answer('after the burst');
    await Promise.all(burst);

    expect(answers.calls()).toBe(2);
    expect(client.getQueryData(modificationsKey)).toBe('after the burst');
    unsubscribe();
  });
});

describe('invalidating overlapping keys', () => {
  it('fetches a query once when two changes of one notice both make it stale', async () => {
    const { client, answers, unsubscribe } = mountedModifications('cached');
    answers.answer('first');
    await vi.waitFor(() => expect(client.getQueryData(modificationsKey)).toBe('first'));
    // The session's prefix and the read itself: two keys, one query.
    const overlapping: StaleKeys = () => [{ queryKey: ['sessions', 'one', 's1'] }, { queryKey: modificationsKey, exact: true }];

    const invalidated = invalidateChanges(client, overlapping, [
      { scope: 'session', id: 's1' },
      { scope: 'session', id: 's1' },
    ]);
    await vi.waitFor(() => expect(answers.calls()).toBe(2));
    answers.answer('after the change');
    await invalidated;

    expect(answers.calls(), 'one refetch, not one per key').toBe(2);
    expect(client.getQueryData(modificationsKey)).toBe('after the change');
    unsubscribe();
  });
});

describe('the order of the refetches', () => {
  it("asks for what changed itself before the member's own reads", async () => {
    const client = new QueryClient();
    const asked: string[] = [];
    const observe = (queryKey: readonly unknown[]) => {
      client.setQueryData(queryKey, 'cached');
      return new QueryObserver(client, { queryKey, queryFn: () => (asked.push(String(queryKey.at(-1))), Promise.resolve('fresh')), staleTime: Infinity }).subscribe(
        () => {},
      );
    };
    const stops = [observe(['users', 'u1', 'balance']), observe(modificationsKey)];
    const keys: StaleKeys = (change) =>
      change.scope === 'user' ? [{ queryKey: ['users', change.id] }] : change.scope === 'session' ? [{ queryKey: ['sessions', 'one', change.id] }] : [];

    await invalidateChanges(client, keys, [
      { scope: 'user', id: 'u1' },
      { scope: 'session', id: 's1' },
    ]);

    expect(asked).toEqual(['modifications', 'balance']);
    stops.forEach((stop) => stop());
  });
});
