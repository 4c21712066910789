import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerReadCache } from './read-cache.js';
import { registerReadYourWrites } from './read-your-writes.js';

/** A server with the cache, a 'read model' of likes per member, GET /page cached by 'post' notices, and a like that is a write. */
const serverWith = (options: { clock?: { now: number } } = {}) => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const member = request.headers['x-member'];
    request.session = typeof member === 'string' ? { memberId: member, email: `${member}@example.com`, emailVerified: true, sessionKey: `key-of-${member}` } : null;
  });
  const writes = registerReadYourWrites(app, { waitFor: async () => undefined });
  const clock = options.clock ?? { now: 0 };
  const cache = registerReadCache(app, writes, { ttlMs: 2_000, maxMembers: 100, maxEntriesPerMember: 4, now: () => clock.now });
  const likes = new Map<string, number>();
  const state = { loads: 0, gate: null as Promise<void> | null, fail: false };
  app.get(
    '/page',
    {
      config: { readCache: ['post'] },
      schema: { response: { 200: z.object({ likes: z.number(), member: z.string() }).strict(), 404: z.object({ error: z.string() }) } },
    },
    async (request, reply) => {
      state.loads += 1;
      if (state.gate) await state.gate;
      if (state.fail) return reply.code(404).send({ error: 'gone' });
      const member = request.session?.memberId ?? 'anonymous';
      return { likes: likes.get(member) ?? 0, member };
    },
  );
  app.post('/like', async (request, reply) => {
    // The liker's like, which is also news for the post's author, bob.
    const member = request.session!.memberId;
    likes.set(member, (likes.get(member) ?? 0) + 1);
    likes.set('bob', (likes.get('bob') ?? 0) + 1);
    void reply.afterWrite('1', [member, 'bob']);
    return { ok: true };
  });
  return { app, cache, likes, state, clock };
};

const read = async (app: ReturnType<typeof Fastify>, member?: string) => {
  const response = await app.inject({ url: '/page', headers: member ? { 'x-member': member } : {} });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.json() as unknown };
};

describe('the read cache', () => {
  it("answers a member's repeated read from the cache, as the route's own JSON, and other members from their own loads", async () => {
    const { app, state } = serverWith();
    const first = await read(app, 'ada');
    expect(first).toEqual({ status: 200, type: 'application/json; charset=utf-8', body: { likes: 0, member: 'ada' } });
    expect(await read(app, 'ada')).toEqual(first);
    expect(state.loads).toBe(1);
    expect((await read(app, 'bob')).body).toEqual({ likes: 0, member: 'bob' });
    expect(state.loads).toBe(2);
    await app.close();
  });

  it('shows the members a write concerns that write at once, and others after a notice of a named scope', async () => {
    const { app, cache, likes } = serverWith();
    await read(app, 'ada');
    await read(app, 'bob');
    await read(app, 'cy');
    await app.inject({ method: 'POST', url: '/like', headers: { 'x-member': 'ada' } });
    expect((await read(app, 'ada')).body).toEqual({ likes: 1, member: 'ada' });
    expect((await read(app, 'bob')).body).toEqual({ likes: 1, member: 'bob' });

    likes.set('cy', 5); // a change the read model shows; cy's answer is kept until a notice says so
    cache.noticed([{ scope: 'user', id: 'cy' }]);
    expect((await read(app, 'cy')).body).toEqual({ likes: 0, member: 'cy' });
    cache.noticed([{ scope: 'post', id: 'p1' }]);
    expect((await read(app, 'cy')).body).toEqual({ likes: 5, member: 'cy' });
    await app.close();
  });

  it('does not keep an answer whose load overlapped a notice, nor an error, nor an anonymous read', async () => {
    const { app, cache, likes, state } = serverWith();
    let open = () => {};
    state.gate = new Promise<void>((resolve) => (open = resolve));
    const slow = read(app, 'ada');
    await new Promise((resolve) => setTimeout(resolve, 10));
    cache.noticed([{ scope: 'post', id: 'p1' }]);
    open();
    expect((await slow).body).toEqual({ likes: 0, member: 'ada' });
    state.gate = null;
    likes.set('ada', 2);
    expect((await read(app, 'ada')).body).toEqual({ likes: 2, member: 'ada' });

    cache.noticed([{ scope: 'post', id: 'p1' }]);
    state.fail = true;
    expect((await read(app, 'ada')).status).toBe(404);
    state.fail = false;
    expect((await read(app, 'ada')).status).toBe(200);

    const loads = state.loads;
    await read(app);
    await read(app);
    expect(state.loads).toBe(loads + 2);
    expect(cache.size()).toBe(1);
    await app.close();
  });

  it('forgets an answer after two seconds even without a notice', async () => {
    const clock = { now: 0 };
    const { app, likes } = serverWith({ clock });
    await read(app, 'ada');
    likes.set('ada', 3);
    clock.now = 1_999;
    expect((await read(app, 'ada')).body).toEqual({ likes: 0, member: 'ada' });
    clock.now = 2_001;
    expect((await read(app, 'ada')).body).toEqual({ likes: 3, member: 'ada' });
    await app.close();
  });
});
