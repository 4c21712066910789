import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { TYPING_RELAY_INTERVAL_MS } from '../contracts/live.js';
import { createTypingRelay } from './typing-relay.js';

const log = { warn: () => {} } as unknown as FastifyBaseLogger;
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('typing relay', () => {
  const setUp = () => {
    let now = 1_000;
    const delivered: { to: string; from: string }[] = [];
    let lookups = 0;
    const relay = createTypingRelay(
      log,
      {
        participantsOf: async (id) => {
          lookups += 1;
          return id === 'c1' ? ['ada', 'bob'] : null;
        },
        now: () => now,
      },
      (to, message) => delivered.push({ to, from: message.memberId }),
    );
    return { relay, delivered, advance: (ms: number) => (now += ms), lookups: () => lookups };
  };

  it('relays to the other participant once per interval and looks the pair up once', async () => {
    const { relay, delivered, advance, lookups } = setUp();
    relay.receive('ada', { conversationId: 'c1' });
    relay.receive('ada', { conversationId: 'c1' });
    await flush();
    expect(delivered).toEqual([{ to: 'bob', from: 'ada' }]);
    advance(TYPING_RELAY_INTERVAL_MS);
    relay.receive('ada', { conversationId: 'c1' });
    relay.receive('bob', { conversationId: 'c1' });
    await flush();
    expect(delivered).toEqual([
      { to: 'bob', from: 'ada' },
      { to: 'bob', from: 'ada' },
      { to: 'ada', from: 'bob' },
    ]);
    expect(lookups()).toBe(1);
  });

  it('says nothing for a stranger, an unknown conversation or a malformed frame', async () => {
    const { relay, delivered } = setUp();
    relay.receive('eve', { conversationId: 'c1' });
    relay.receive('ada', { conversationId: 'nope' });
    relay.receive('ada', { conversationId: 42 });
    relay.receive('ada', { conversationId: 'x'.repeat(101) });
    await flush();
    expect(delivered).toEqual([]);
  });
});
