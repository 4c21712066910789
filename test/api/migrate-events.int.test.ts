// `npm run migrate:events` carries the old layout's slot cell reservations over into the hour streams
// once per database (the API no longer does it at start-up), and says so; a second run does nothing.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectFromEnv } from '../../eventstore/connect-from-env.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const cell = (time: string) => `2026-03-04T${time}:00.000Z`;

describe('npm run migrate:events', () => {
  let dataDir: string;
  let database: TestDatabase | null = null;
  let env: Record<string, string>;
  const mentorId = randomUUID();

  const withStore = async <T>(fn: (store: Awaited<ReturnType<typeof connectFromEnv>>['store']) => Promise<T>) => {
    const connections = await connectFromEnv(env);
    try {
      return await fn(connections.store);
    } finally {
      await connections.close();
    }
  };
  const migrate = () => spawnSync('npx', ['tsx', 'scripts/migrate-events.ts'], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 90_000 });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'skillswap-migrate-'));
    if (process.env.TEST_DATABASE_URL) database = await createTestDatabase(process.env.TEST_DATABASE_URL, 'skillswap_migrate_test');
    env = database ? { DATABASE_URL: database.url } : { PGLITE_DATA_DIR: join(dataDir, 'pglite') };
    // What the earlier version wrote: one stream per 15-minute cell, a session holding the 10:00 hour.
    await withStore(async (store) => {
      for (const time of ['10:00', '10:15', '10:30', '10:45']) {
        const metadata = {
          eventId: randomUUID(),
          occurredAt: '2026-03-02T08:00:00.000Z',
          actorId: null,
          correlationId: randomUUID(),
          causationId: null,
          schemaVersion: 1,
        };
        await store.append(`slot-${mentorId}-${cell(time)}`, [{ type: 'SlotReserved', data: { mentorId, slotStart: cell(time), sessionId: 'booked-before' }, metadata }]);
      }
    });
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('carries the held cells over into their hour stream, and does nothing the second time', async () => {
    const first = migrate();
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/4 cells carried over into hour streams, 0 refused/);

    const hour = await withStore((store) => store.readStream(`slots-${mentorId}-${cell('10:00')}`));
    expect(hour.map((e) => [e.type, (e.data as { sessionId: string }).sessionId])).toEqual([['SlotsReserved', 'booked-before']]);

    const second = migrate();
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(/carried over before; nothing to do/);
    expect(await withStore((store) => store.readStream(`slots-${mentorId}-${cell('10:00')}`))).toHaveLength(1);
  });
});
