import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { TYPING_RELAY_INTERVAL_MS } from '../contracts/live.js';
import { createTypingRelay, parseTypingPayload, typingPayload } from './typing-relay.js';

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

  it('publishes the relay for every process instead of delivering it, still checked and throttled here', async () => {
    const published: string[] = [];
    const delivered: string[] = [];
    const relay = createTypingRelay(
      log,
      { participantsOf: async (id) => (id === 'c1' ? ['ada', 'bob'] : null), publish: async (payload) => void published.push(payload), now: () => 1_000 },
      (to) => delivered.push(to),
    );
    relay.receive('ada', { conversationId: 'c1' });
    relay.receive('ada', { conversationId: 'c1' });
    relay.receive('eve', { conversationId: 'c1' });
    await flush();
    expect(delivered).toEqual([]);
    expect(published.map(parseTypingPayload)).toEqual([{ to: 'bob', message: { type: 'typing', conversationId: 'c1', memberId: 'ada' } }]);
  });

  it('reads back its own payloads only', () => {
    const notice = { to: 'bob', message: { type: 'typing' as const, conversationId: 'c1', memberId: 'ada' } };
    expect(parseTypingPayload(typingPayload(notice))).toEqual(notice);
    for (const payload of ['', 'null', '[]', '{"to":"bob","conversationId":"c1"}', '{"to":1,"conversationId":"c1","memberId":"ada"}'])
      expect(parseTypingPayload(payload)).toBeNull();
  });
});
