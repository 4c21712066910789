// The HTTP side of the runtime's read seams (shared-reads.ts): a write shown to read-your-writes clears the
// caches and makes the copies catch up before its members' next requests, notices reach the caches, the
// copies load as the server gets ready, and an answer made from a shared value is serialised once.
// The caches and copies themselves are tested in projections/runtime/*.unit.test.ts.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { defineCachedQuery } from '../../projections/runtime/cached-query.js';
import { defineMemoryCopy } from '../../projections/runtime/memory-copy.js';
import { createReadSeams } from '../../projections/runtime/read-seams.js';
import type { ChangeNotice } from '../../projections/types.js';
import { isChange } from '../contracts/live.js';
import { registerReadYourWrites } from './read-your-writes.js';
import { registerSharedReads } from './shared-reads.js';

/**
 * A server with the runtime's read seams over a 'read model' (a post's likes): GET /page answers a cached
 * query of the likes count, cleared by 'post' notices; GET /copy answers an in-memory copy of it; a like
 * is a write the read models show when `shown` is called.
 */
type ReadModel = { likes: number; loads: number; gate: Promise<void> | null; fail: boolean };
const likesPage = defineCachedQuery({
  name: 'likes page',
  clearedBy: (payload) => isChange(payload, 'post'),
  load: async (db: ReadModel, _args: null) => {
    db.loads += 1;
    const likes = db.likes;
    if (db.gate) await db.gate;
    if (db.fail) throw new Error('read model unreachable');
    return { likes };
  },
});
const likesCopy = defineMemoryCopy({
  name: 'likes copy',
  create: () => ({ likes: -1 }),
  load: async (db: ReadModel, copy: { likes: number }) => ((copy.likes = db.likes), 0),
  catchUp: async (db: ReadModel, copy: { likes: number }) => ((copy.likes = db.likes), 0),
});
const adaChanged: ChangeNotice = { audience: { to: 'members', ids: ['ada'] }, payload: { type: 'changed', scope: 'user', id: 'ada' } };
const postChanged: ChangeNotice = { audience: { to: 'subscribers', topic: 'post:p1' }, payload: { type: 'changed', scope: 'post', id: 'p1', postId: 'p1' } };

const serverWith = () => {
  const app = Fastify();
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const member = request.headers['x-member'];
    request.session = typeof member === 'string' ? { memberId: member, email: `${member}@example.com`, emailVerified: true, sessionKey: `key-of-${member}` } : null;
  });
  const readModel: ReadModel = { likes: 0, loads: 0, gate: null, fail: false };
  const state = readModel;
  // The projection runtime: a write is shown once the test says so.
  const unshown: (() => void)[] = [];
  const shown = () => {
    readModel.likes += 1;
    unshown.splice(0).forEach((resolve) => resolve());
  };
  const writes = registerReadYourWrites(app, { waitFor: () => new Promise<void>((resolve) => unshown.push(resolve)) });
  // A clock that never moves: the copy catches up only when told.
  const reads = createReadSeams(readModel, { now: () => 0 });
  const shared = registerSharedReads(app, writes, reads);
  const page = reads.cached(likesPage);
  const copy = reads.copy(likesCopy);
  app.get('/page', async (request) => ({ ...(await page.read(request.url, null)), member: request.session?.memberId ?? null }));
  // The answer is the shared value with the member's own mark, built through sendShared.
  const built = { count: 0 };
  app.get('/answer', async (request, reply) => {
    const value = await page.read(request.url, null);
    const mark = request.session?.memberId === 'ada' ? 'ada' : '';
    return reply.sendShared(value, mark, () => ((built.count += 1), { ...value, mark }));
  });
  app.get('/copy', async () => ({ likes: (await copy.current()).likes }));
  app.post('/like', async (request, reply) => {
    void reply.afterWrite({ checkpoint: '1', events: [{ type: 'PostLiked' }] }, [request.session!.memberId]);
    return { ok: true };
  });
  return { app, shared, readModel, shown, state, built };
};

const read = async (app: ReturnType<typeof Fastify>, member: string, url = '/page') => {
  const response = await app.inject({ url, headers: { 'x-member': member } });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('shared reads', () => {
  it('hands the notices to the caches: loads again after one the query names, not after another', async () => {
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

  it("makes the copies catch up before a writer's next read once the read models show the write", async () => {
    const { app, shown } = serverWith();
    expect((await read(app, 'ada', '/copy')).body.likes).toBe(0);
    await app.inject({ method: 'POST', url: '/like', headers: { 'x-member': 'ada' } });
    const adaNext = read(app, 'ada', '/copy');
    await tick();
    shown();
    expect((await adaNext).body.likes).toBe(1);
    await app.close();
  });

  it('loads the copies as the server gets ready', async () => {
    const { app, readModel } = serverWith();
    await app.ready();
    readModel.likes = 9;
    // Loaded at ready, before the change, and not told of it: the copy answers that load.
    expect((await read(app, 'bob', '/copy')).body.likes).toBe(0);
    await app.close();
  });
});
