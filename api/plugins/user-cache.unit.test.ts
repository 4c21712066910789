import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerReadYourWrites } from './read-your-writes.js';
import { registerUserCache } from './user-cache.js';

/** A projection runtime whose waitFor settles when the test says so, per checkpoint. */
const heldRuntime = () => {
  const waits = new Map<string, () => void>();
  return {
    waitFor: (checkpoint: string) => new Promise<void>((resolve) => void waits.set(checkpoint, resolve)),
    pass: (checkpoint: string) => waits.get(checkpoint)!(),
  };
};

/** A server with the two plugins, a member read model in a Map, GET /me from the cache and a write that concerns two members. */
const serverWith = (runtime: ReturnType<typeof heldRuntime>) => {
  const app = Fastify();
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const member = request.headers['x-member'];
    request.session = typeof member === 'string' ? { memberId: member, email: `${member}@example.com`, emailVerified: true, sessionKey: `key-of-${member}` } : null;
  });
  const cache = registerUserCache(app, registerReadYourWrites(app, runtime));
  const points = new Map([['student', 3]]);
  app.get('/me', async (request, reply) => {
    const json = await cache.get(request.session!.memberId, async () => JSON.stringify({ points: points.get(request.session!.memberId) }));
    return reply.type('application/json').send(json);
  });
  app.post('/complete', async (_request, reply) => {
    void reply.afterWrite({ checkpoint: '7', events: [{ type: 'SessionCompleted' }] }, ['mentor', 'student']);
    return { ok: true };
  });
  return { app, points };
};

describe('the GET /api/user cache', () => {
  it("shows another participant's write at their next read, before its change notice arrives", async () => {
    const runtime = heldRuntime();
    const { app, points } = serverWith(runtime);
    const asStudent = { 'x-member': 'student' };
    expect((await app.inject({ url: '/me', headers: asStudent })).json()).toEqual({ points: 3 });

    expect((await app.inject({ method: 'POST', url: '/complete', headers: { 'x-member': 'mentor' } })).statusCode).toBe(200);
    const read = app.inject({ url: '/me', headers: asStudent });
    points.set('student', 2); // the read model applies the write; no notice has reached the cache
    runtime.pass('7');
    expect((await read).json()).toEqual({ points: 2 });
    await app.close();
  });
});
