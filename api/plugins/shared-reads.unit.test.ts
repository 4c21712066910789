import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isChange, type LivePayload } from '../contracts/live.js';
import type { ChangeNotice } from '../../projections/types.js';
import { registerReadYourWrites } from './read-your-writes.js';
import { registerSharedReads } from './shared-reads.js';

/**
 * A server with shared reads, a 'read model' (a post's likes), GET /page whose shared value is the likes
 * count, cleared by 'post' notices, and a like that is a write the read models show when `shown` is called.
 */
const clearedByPosts = (payload: LivePayload) => isChange(payload, 'post');
const postChanged: ChangeNotice = { audience: { to: 'subscribers', topic: 'post:p1' }, payload: { type: 'changed', scope: 'post', id: 'p1', postId: 'p1' } };
const adaChanged: ChangeNotice = { audience: { to: 'members', ids: ['ada'] }, payload: { type: 'changed', scope: 'user', id: 'ada' } };

const serverWith = (options: { clock?: { now: number } } = {}) => {
  const app = Fastify();
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const member = request.headers['x-member'];
    request.session = typeof member === 'string' ? { memberId: member, email: `${member}@example.com`, emailVerified: true, sessionKey: `key-of-${member}` } : null;
  });
  const readModel = { likes: 0 };
  // The projection runtime: a write is shown once the test says so.
  const unshown: (() => void)[] = [];
  const shown = () => {
    readModel.likes += 1;
    unshown.splice(0).forEach((resolve) => resolve());
  };
  const writes = registerReadYourWrites(app, { waitFor: () => new Promise<void>((resolve) => unshown.push(resolve)) });
  const clock = options.clock ?? { now: 0 };
  const shared = registerSharedReads(app, writes, { ttlMs: 2_000, maxEntries: 2, now: () => clock.now });
  const state = { loads: 0, gate: null as Promise<void> | null, fail: false };
  app.get<{ Querystring: { v?: string } }>('/page', { config: { sharedRead: clearedByPosts } }, async (request) => {
    const value = await request.sharedRead(request.query.v ?? 'member', async () => {
      state.loads += 1;
      const likes = readModel.likes;
      if (state.gate) await state.gate;
      if (state.fail) throw new Error('read model unreachable');
      return { likes };
    });
    return { ...value, member: request.session?.memberId ?? null };
  });
  // The answer is the shared value with the member's own mark, built through sendShared.
  const built = { count: 0 };
  app.get('/answer', { config: { sharedRead: clearedByPosts } }, async (request, reply) => {
    const value = await request.sharedRead('member', async () => ({ likes: readModel.likes }));
    const mark = request.session?.memberId === 'ada' ? 'ada' : '';
    return reply.sendShared(value, mark, () => ((built.count += 1), { ...value, mark }));
  });
  app.get('/unnamed', async (request) => request.sharedRead('member', async () => ({ likes: readModel.likes })));
  app.post('/like', async (request, reply) => {
    void reply.afterWrite({ checkpoint: '1', events: [{ type: 'PostLiked' }] }, [request.session!.memberId]);
    return { ok: true };
  });
  return { app, shared, readModel, shown, state, clock, built };
};

const read = async (app: ReturnType<typeof Fastify>, member: string, url = '/page') => {
  const response = await app.inject({ url, headers: { 'x-member': member } });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('shared reads', () => {
  it('loads a value once for every member, per URL and variant', async () => {
    const { app, state } = serverWith();
    expect((await read(app, 'ada')).body).toEqual({ likes: 0, member: 'ada' });
    expect((await read(app, 'bob')).body).toEqual({ likes: 0, member: 'bob' });
    expect(state.loads).toBe(1);
    await read(app, 'ada', '/page?v=admin');
    await read(app, 'bob', '/page?x=1');
    expect(state.loads).toBe(3);
    await app.close();
  });

  it('shares one load among the requests that arrive while it runs', async () => {
    const { app, state } = serverWith();
    let open = () => {};
    state.gate = new Promise<void>((resolve) => (open = resolve));
    const reads = Promise.all(['ada', 'bob', 'cy'].map((member) => read(app, member)));
    await tick();
    open();
    expect((await reads).map((r) => r.body.likes)).toEqual([0, 0, 0]);
    expect(state.loads).toBe(1);
    await app.close();
  });

  it('loads again after a notice the route names, not after another', async () => {
    const { app, shared, readModel, state } = serverWith();
    await read(app, 'ada');
    readModel.likes = 4;
    shared.noticed([adaChanged]);
    expect((await read(app, 'bob')).body.likes).toBe(0);
    shared.noticed([postChanged]);
    expect((await read(app, 'bob')).body.likes).toBe(4);
    expect(state.loads).toBe(2);
    await app.close();
  });

  it("never answers a writer's next read with a value loaded before the read models showed their write", async () => {
    const { app, shown, state } = serverWith();
    await read(app, 'ada');
    await app.inject({ method: 'POST', url: '/like', headers: { 'x-member': 'ada' } });
    // Bob reads while Ada's like is written but not shown: the shared value, as before the like.
    expect((await read(app, 'bob')).body.likes).toBe(0);
    const adaNext = read(app, 'ada');
    await tick();
    shown();
    // Ada's next read waited for her like to show and reads a value loaded after it, which Bob then shares.
    expect((await adaNext).body.likes).toBe(1);
    expect((await read(app, 'bob')).body.likes).toBe(1);
    expect(state.loads).toBe(2);
    expect((await read(app, 'ada')).body.likes).toBe(1);
    expect(state.loads).toBe(2);
    await app.close();
  });

  it('answers every member with the write once the read models show it, not only the writer', async () => {
    const { app, shown, state } = serverWith();
    await read(app, 'bob');
    await app.inject({ method: 'POST', url: '/like', headers: { 'x-member': 'ada' } });
    shown();
    await tick();
    expect((await read(app, 'bob')).body.likes).toBe(1);
    expect(state.loads).toBe(2);
    await app.close();
  });

  it('does not let a writer join a load that began before their write was shown', async () => {
    const { app, shown, state } = serverWith();
    await app.inject({ method: 'POST', url: '/like', headers: { 'x-member': 'ada' } });
    let open = () => {};
    state.gate = new Promise<void>((resolve) => (open = resolve));
    const bobs = read(app, 'bob');
    await tick();
    shown();
    const adas = read(app, 'ada');
    await tick();
    open();
    expect((await bobs).body.likes).toBe(0);
    expect((await adas).body.likes).toBe(1);
    expect(state.loads).toBe(2);
    await app.close();
  });

  it('does not keep a load that overlapped a notice, nor a failed one', async () => {
    const { app, shared, readModel, state } = serverWith();
    let open = () => {};
    state.gate = new Promise<void>((resolve) => (open = resolve));
    const slow = read(app, 'ada');
    await tick();
    readModel.likes = 2;
    shared.noticed([postChanged]);
    open();
    expect((await slow).body.likes).toBe(0);
    state.gate = null;
    expect((await read(app, 'bob')).body.likes).toBe(2);

    shared.noticed([postChanged]);
    state.fail = true;
    expect((await read(app, 'ada')).status).toBe(500);
    state.fail = false;
    expect((await read(app, 'ada')).body.likes).toBe(2);
    expect(shared.size()).toBe(1);
    await app.close();
  });

  it('refreshes a value two seconds after its load even without a notice, answering the old one meanwhile, and keeps at most maxEntries', async () => {
    const clock = { now: 0 };
    const { app, readModel, shared, state } = serverWith({ clock });
    await read(app, 'ada');
    readModel.likes = 3;
    clock.now = 1_999;
    expect((await read(app, 'ada')).body.likes).toBe(0);
    clock.now = 2_001;
    let open = () => {};
    state.gate = new Promise<void>((resolve) => (open = resolve));
    expect((await read(app, 'ada')).body.likes).toBe(0);
    expect((await read(app, 'bob')).body.likes).toBe(0);
    expect(state.loads).toBe(2);
    open();
    await tick();
    state.gate = null;
    expect((await read(app, 'bob')).body.likes).toBe(3);
    expect(state.loads).toBe(2);
    await read(app, 'ada', '/page?a=1');
    await read(app, 'ada', '/page?a=2');
    expect(shared.size()).toBe(2);
    await app.close();
  });

  it('serialises an answer once per shared value and personal key, and again for a new value', async () => {
    const { app, shared, readModel, built } = serverWith();
    const answer = async (member: string) => {
      const response = await app.inject({ url: '/answer', headers: { 'x-member': member } });
      return { type: response.headers['content-type'], body: response.json() as unknown };
    };
    expect(await answer('ada')).toEqual({ type: 'application/json; charset=utf-8', body: { likes: 0, mark: 'ada' } });
    expect((await answer('bob')).body).toEqual({ likes: 0, mark: '' });
    expect((await answer('cy')).body).toEqual({ likes: 0, mark: '' });
    expect((await answer('ada')).body).toEqual({ likes: 0, mark: 'ada' });
    expect(built.count).toBe(2);
    readModel.likes = 7;
    shared.noticed([postChanged]);
    expect((await answer('bob')).body).toEqual({ likes: 7, mark: '' });
    expect(built.count).toBe(3);
    await app.close();
  });

  it('refuses a shared read on a route that names no notices to clear it', async () => {
    const { app } = serverWith();
    expect((await read(app, 'ada', '/unnamed')).status).toBe(500);
    await app.close();
  });
});
