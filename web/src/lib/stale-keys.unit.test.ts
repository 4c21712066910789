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

describe('invalidating the queries a change makes stale', () => {
  it('refetches a query whose first fetch was still in flight when the change was announced', async () => {
    // Issue 29 item 10: a card's first read of a session's modifications, sent before the mentor's
    // proposal was projected and answered after its notice, kept the answer without the proposal.
    const client = new QueryClient();
    const answers = heldAnswers();
    const observer = new QueryObserver(client, { queryKey: modificationsKey, queryFn: answers.queryFn });
    const unsubscribe = observer.subscribe(() => {});
    expect(answers.calls()).toBe(1);

    const invalidated = invalidateChanges(client, staleKeys, [{ scope: 'session', id: 's1' }]);
    answers.answer('before the proposal');
    await vi.waitFor(() => expect(answers.calls(), 'a second fetch, after the change').toBe(2));
    answers.answer('with the proposal');
    await invalidated;

    expect(client.getQueryData(modificationsKey)).toBe('with the proposal');
    unsubscribe();
  });

  it('still refetches a query with data at once, dropping the answer in flight', async () => {
    const client = new QueryClient();
    client.setQueryData(modificationsKey, 'cached');
    const answers = heldAnswers();
    const observer = new QueryObserver(client, { queryKey: modificationsKey, queryFn: answers.queryFn, staleTime: 0 });
    const unsubscribe = observer.subscribe(() => {});
    expect(answers.calls()).toBe(1);

    const invalidated = invalidateChanges(client, staleKeys, [{ scope: 'session', id: 's1' }]);
    await vi.waitFor(() => expect(answers.calls()).toBe(2));
    answers.answer('old');
    answers.answer('new');
    await invalidated;

    expect(client.getQueryData(modificationsKey)).toBe('new');
    unsubscribe();
  });
});
