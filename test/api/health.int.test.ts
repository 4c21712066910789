// GET /api/health through the real server (issue 30 point 3): a read model that fails on an event makes
// the answer 'degraded' and names it, while the API goes on serving (200); once the cause is gone and an
// operator retries it, the follower applies that event and the answer is 'ok' again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberEvent } from '../../domain/member/events.js';
import { allProjectors } from '../../projections/all-projectors.js';
import { defineCustomProjection, type Recorded } from '../../projections/runtime/define-projection.js';
import { defineTable, text } from '../../projections/runtime/table.js';
import { eventually } from '../support/assistant-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

interface Health {
  status: 'ok' | 'degraded';
  projections: { name: string; status: string; lag: number | null }[];
}

/** Stores every bio; fails on the bio 'boom' while `broken.yes` (the bug an operator's retry follows). */
const broken = { yes: true };
const fragileBios = defineCustomProjection({
  name: 'health-fragile-bios',
  version: 1,
  migration: '20261128T2200-create-health-fragile-bio-rows',
  tables: {
    health_fragile_bio_rows: defineTable({ name: 'health_fragile_bio_rows', key: ['event_id'], columns: { event_id: text(), bio: text() }, onConflict: 'nothing' }),
  },
  canHandle: ['ProfileDetailsChanged'],
  async apply({ write }, events: readonly Recorded<MemberEvent>[]) {
    const rows = events.map((e) => ({ event_id: e.metadata.eventId, bio: (e.data as { bio?: string }).bio ?? '' }));
    if (broken.yes && rows.some((r) => r.bio === 'boom')) throw new Error('bio went boom');
    await write('health_fragile_bio_rows', rows);
    return [];
  },
});

describe('GET /api/health through the real server', () => {
  let server: TestServer;
  let ada: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ projectors: [...allProjectors, fragileBios] });
    ada = await signIn(server.url, 'ada-health@example.com', 'Ada Health');
  });
  afterAll(async () => {
    await server?.close();
  });

  const health = async (): Promise<{ status: number; body: Health }> => {
    const response = await fetch(`${server.url}/api/health`);
    return { status: response.status, body: (await response.json()) as Health };
  };
  /** The answer once it says `status` (the follower's state moves on its own loop). */
  const healthOnce = (status: Health['status']) =>
    eventually(
      async () => {
        const answer = await health();
        return answer.body.status === status ? answer : undefined;
      },
      10_000,
      `the health '${status}'`,
    );
  const fragile = (body: Health) => body.projections.find((p) => p.name === fragileBios.name);

  it("says 'degraded' and names a failed read model while serving on, and 'ok' once it is retried", async () => {
    expect((await health()).body.status).toBe('ok');

    expect((await ada.patch(`/api/users/${ada.memberId}`, { bio: 'boom' })).status).toBe(200);
    const failed = await healthOnce('degraded');
    expect(failed.status).toBe(200);
    expect(fragile(failed.body)).toMatchObject({ status: 'failed' });
    // Only the failed one: every other read model goes on, and so do the members' requests.
    expect(failed.body.projections.filter((p) => p.status === 'failed').map((p) => p.name)).toEqual([fragileBios.name]);
    expect((await ada.get(`/api/users/${ada.memberId}`)).body).toMatchObject({ bio: 'boom' });

    broken.yes = false;
    await server.operations.followers.retry(fragileBios.name);
    const healed = await healthOnce('ok');
    expect(fragile(healed.body)?.status).not.toBe('failed');
  });
});
