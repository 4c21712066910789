// The in-memory copy of a read model (memory-copy.ts): loaded whole at the first read, then caught up from
// its position only when told the read model changed or when its last catch-up is older than maxAgeMs;
// concurrent reads share one catch-up, a change told during a catch-up waits for the next, and a failed
// catch-up fails its reads and is tried again from the same position.
import { describe, expect, it } from 'vitest';
import { defineMemoryCopy, followMemoryCopy } from './memory-copy.js';

/** A 'read model': rows by key, and a change table noting the position of each key's last change. */
const readModel = () => {
  const db = {
    rows: new Map<string, string>(),
    changes: new Map<string, number>(),
    last: 0,
    loads: 0,
    catchUps: 0,
    gate: null as Promise<void> | null,
    fail: false,
    write(key: string, value: string | null) {
      if (value === null) db.rows.delete(key);
      else db.rows.set(key, value);
      db.changes.set(key, (db.last += 1));
    },
  };
  return db;
};
type ReadModel = ReturnType<typeof readModel>;

const copyDeclared = defineMemoryCopy({
  name: 'test copy',
  create: () => new Map<string, string>(),
  async load(db: ReadModel, copy: Map<string, string>) {
    db.loads += 1;
    copy.clear();
    for (const [key, value] of db.rows) copy.set(key, value);
    return db.last;
  },
  async catchUp(db: ReadModel, copy: Map<string, string>, at: number) {
    db.catchUps += 1;
    const changed = [...db.changes].filter(([, position]) => position > at);
    const rows = new Map(changed.map(([key]) => [key, db.rows.get(key)]));
    if (db.gate) await db.gate;
    if (db.fail) throw new Error('read model unreachable');
    for (const [key, value] of rows) {
      if (value === undefined) copy.delete(key);
      else copy.set(key, value);
    }
    return Math.max(at, ...changed.map(([, position]) => position));
  },
});

const hold = (db: ReadModel) => {
  let open = () => {};
  db.gate = new Promise<void>((resolve) => (open = resolve));
  return () => {
    db.gate = null;
    open();
  };
};
// Lets the loads' promise chains settle (they are in memory): the next turn of the event loop, no fixed time.
const tick = () => new Promise((resolve) => setImmediate(resolve));
const entries = (copy: Map<string, string>) => Object.fromEntries(copy);

describe('an in-memory copy of a read model', () => {
  it('loads the read model whole at the first read, and reads nothing more while it is recent and not told', async () => {
    const db = readModel();
    db.write('a', 'Ada');
    const copy = followMemoryCopy(db, copyDeclared, { maxAgeMs: 1_000, now: () => 0 });
    expect(entries(await copy.current())).toEqual({ a: 'Ada' });
    db.write('b', 'Bob');
    expect(entries(await copy.current())).toEqual({ a: 'Ada' });
    expect([db.loads, db.catchUps]).toEqual([1, 0]);
  });

  it('applies the changes after its position once told the read model changed', async () => {
    const db = readModel();
    db.write('a', 'Ada');
    db.write('c', 'Cy');
    const copy = followMemoryCopy(db, copyDeclared, { maxAgeMs: 1_000, now: () => 0 });
    await copy.current();
    db.write('b', 'Bob');
    db.write('a', null);
    copy.changed();
    expect(entries(await copy.current())).toEqual({ b: 'Bob', c: 'Cy' });
    await copy.current();
    expect([db.loads, db.catchUps]).toEqual([1, 1]);
  });

  it('catches up untold when its last catch-up began more than maxAgeMs before the read was asked', async () => {
    const db = readModel();
    const clock = { now: 0 };
    const copy = followMemoryCopy(db, copyDeclared, { maxAgeMs: 1_000, now: () => clock.now });
    await copy.current();
    db.write('a', 'Ada');
    clock.now = 1_000;
    expect(entries(await copy.current())).toEqual({});
    clock.now = 1_001;
    expect(entries(await copy.current())).toEqual({ a: 'Ada' });
  });

  it('counts the age of a catch-up from when it began, not when it ended', async () => {
    const db = readModel();
    const clock = { now: 0 };
    const copy = followMemoryCopy(db, copyDeclared, { maxAgeMs: 1_000, now: () => clock.now });
    await copy.current();
    copy.changed();
    const open = hold(db);
    const slow = copy.current();
    await tick();
    // Written after the slow catch-up read the changes, before it ended.
    db.write('a', 'Ada');
    clock.now = 900;
    open();
    await slow;
    clock.now = 1_001;
    expect(entries(await copy.current())).toEqual({ a: 'Ada' });
  });

  it('takes the maximum age its declaration names when the seams give none', async () => {
    const db = readModel();
    const clock = { now: 0 };
    const copy = followMemoryCopy(db, { ...copyDeclared, maxAgeMs: 50 }, { now: () => clock.now });
    await copy.current();
    db.write('a', 'Ada');
    clock.now = 51;
    expect(entries(await copy.current())).toEqual({ a: 'Ada' });
  });

  it('shares one catch-up among concurrent reads, and a change told during it waits for the next', async () => {
    const db = readModel();
    const copy = followMemoryCopy(db, copyDeclared, { maxAgeMs: 1_000, now: () => 0 });
    await copy.current();
    db.write('a', 'Ada');
    copy.changed();
    const open = hold(db);
    const first = [copy.current(), copy.current()];
    await tick();
    // Written and told while the catch-up reads: the reads asked from now on must show it.
    db.write('b', 'Bob');
    copy.changed();
    const later = copy.current();
    open();
    await Promise.all(first);
    expect(entries(await later)).toEqual({ a: 'Ada', b: 'Bob' });
    expect(db.catchUps).toBe(2);
  });

  it('fails the reads of a failed catch-up, and catches up from the same position at the next read', async () => {
    const db = readModel();
    const copy = followMemoryCopy(db, copyDeclared, { maxAgeMs: 1_000, now: () => 0 });
    await copy.current();
    db.write('a', 'Ada');
    copy.changed();
    db.fail = true;
    await expect(copy.current()).rejects.toThrow('read model unreachable');
    db.fail = false;
    db.write('b', 'Bob');
    expect(entries(await copy.current())).toEqual({ a: 'Ada', b: 'Bob' });
    expect([db.loads, db.catchUps]).toEqual([1, 2]);
  });
});
