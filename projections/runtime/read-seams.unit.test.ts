// The read seams (read-seams.ts): one cache or copy per declaration, loading from the database the seams
// were given; a notice clears the caches of the queries that name it and no other; a write shown clears
// every cache and makes every copy catch up; warm loads the copies made and names a failed one.
import { describe, expect, it } from 'vitest';
import type { ChangeNotice } from '../types.js';
import { defineCachedQuery } from './cached-query.js';
import { defineMemoryCopy } from './memory-copy.js';
import { createReadSeams } from './read-seams.js';

/** The 'read models': a post's likes and the member directory, each with its change count. */
const readModels = () => ({ likes: 0, names: ['Ada'], loads: 0, failCopy: false });
type ReadModels = ReturnType<typeof readModels>;

const likesOfPost = defineCachedQuery({
  name: 'likes',
  clearedBy: (payload) => payload.type === 'changed' && payload.scope === 'post',
  load: async (db: ReadModels, { times }: { times: number }) => ((db.loads += 1), db.likes * times),
});
const directory = defineCachedQuery({
  name: 'directory',
  clearedBy: (payload) => payload.type === 'changed' && payload.scope === 'members',
  load: async (db: ReadModels) => ((db.loads += 1), db.names.join(', ')),
});
const namesCopy = defineMemoryCopy({
  name: 'names copy',
  create: () => ({ names: [] as string[] }),
  load: async (db: ReadModels, copy: { names: string[] }) => {
    if (db.failCopy) throw new Error('read model unreachable');
    copy.names = [...db.names];
    return db.names.length;
  },
  catchUp: async (db: ReadModels, copy: { names: string[] }, at: number) => {
    copy.names.push(...db.names.slice(at));
    return db.names.length;
  },
});

const postChanged: ChangeNotice = { audience: { to: 'subscribers', topic: 'post:p1' }, payload: { type: 'changed', scope: 'post', id: 'p1', postId: 'p1' } };
const membersChanged: ChangeNotice = { audience: { to: 'signed-in' }, payload: { type: 'changed', scope: 'members' } };

describe('the read seams', () => {
  it('makes one cache per declared query, loading from the database it was given', async () => {
    const db = readModels();
    const reads = createReadSeams(db);
    expect(reads.cached(likesOfPost)).toBe(reads.cached(likesOfPost));
    db.likes = 2;
    expect(await reads.cached(likesOfPost).read('k', { times: 3 })).toBe(6);
    expect(await reads.cached(likesOfPost).read('k', { times: 3 })).toBe(6);
    expect(db.loads).toBe(1);
    expect(reads.copy(namesCopy)).toBe(reads.copy(namesCopy));
  });

  it('clears the caches of the queries a notice can make stale, and no other', async () => {
    const db = readModels();
    const reads = createReadSeams(db);
    const likes = reads.cached(likesOfPost);
    const names = reads.cached(directory);
    await likes.read('k', { times: 1 });
    await names.read('k', undefined);
    db.likes = 1;
    db.names.push('Bob');
    reads.noticed([membersChanged]);
    expect(await likes.read('k', { times: 1 })).toBe(0);
    expect(await names.read('k', undefined)).toBe('Ada, Bob');
    reads.noticed([{ audience: { to: 'admins' }, payload: { type: 'changed', scope: 'admin' } }, postChanged]);
    expect(await likes.read('k', { times: 1 })).toBe(1);
    expect(db.loads).toBe(4);
  });

  it('clears every cache and makes every copy catch up once a write of this process shows', async () => {
    const db = readModels();
    const reads = createReadSeams(db, { now: () => 0 });
    const likes = reads.cached(likesOfPost);
    const copy = reads.copy(namesCopy);
    await likes.read('k', { times: 1 });
    expect((await copy.current()).names).toEqual(['Ada']);
    db.likes = 5;
    db.names.push('Bob');
    expect((await copy.current()).names).toEqual(['Ada']);
    reads.shown();
    expect(await likes.read('k', { times: 1 })).toBe(5);
    expect((await copy.current()).names).toEqual(['Ada', 'Bob']);
  });

  it('loads every copy made when warmed, and names a copy whose load failed', async () => {
    const db = readModels();
    const reads = createReadSeams(db, { now: () => 0 });
    const copy = reads.copy(namesCopy);
    const failures: string[] = [];
    db.failCopy = true;
    reads.warm((name) => failures.push(name));
    await expect.poll(() => failures).toEqual(['names copy']);
    db.failCopy = false;
    reads.warm((name) => failures.push(name));
    db.names.push('Bob');
    // Loaded by the warm-up before Bob came: the read within its age answers that load.
    expect((await copy.current()).names).toEqual(['Ada']);
  });
});
