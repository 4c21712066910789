import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './live-socket';

describe('live-update reconnect', () => {
  it('waits 1 s doubling per attempt, capped at 10 s', () => {
    expect([0, 1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });
});
