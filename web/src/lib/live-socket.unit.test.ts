import { describe, expect, it } from 'vitest';
import { keysToInvalidate, reconnectDelay } from './live-socket';

describe('live-update reconnect', () => {
  it('waits 1 s doubling per attempt, capped at 10 s', () => {
    expect([0, 1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });
});

describe('change notices', () => {
  it("refresh the signed-in member's own data under both keys", () => {
    expect(keysToInvalidate({ type: 'changed', scope: 'user', id: 'me' }, 'me')).toEqual([{ queryKey: ['users', 'me'] }, { queryKey: ['user'] }]);
  });

  it("refresh only another member's key", () => {
    expect(keysToInvalidate({ type: 'changed', scope: 'user', id: 'other' }, 'me')).toEqual([{ queryKey: ['users', 'other'] }]);
  });

  it("refresh member lists on a members notice, not each member's own data", () => {
    expect(keysToInvalidate({ type: 'changed', scope: 'members' }, 'me')).toEqual([{ queryKey: ['users'], exact: true }, { queryKey: ['users', 'list'] }]);
  });

  it('map sessions and posts to their keys', () => {
    expect(keysToInvalidate({ type: 'changed', scope: 'session', id: 's1' }, 'me')).toEqual([{ queryKey: ['sessions', 's1'] }, { queryKey: ['dashboard'] }]);
    expect(keysToInvalidate({ type: 'changed', scope: 'post', id: 'p1', postId: 'p1' }, 'me')).toEqual([{ queryKey: ['posts', 'p1'] }]);
  });
});
