// Issue 33 point 3: the check after every batch compares each touched member's balance row with the fold of
// their ledger at the same log position. A balances projector with a bug (it books a correction one point
// too high) is caught within the batch that holds the correction, as a critical error group, and the admins'
// sockets hear of it; a balances read model far behind the check (each of its batches slowed) or ahead of it
// (the check paused) raises no false alarm.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_AUDIT_CHANGED, type LedgerAuditResponse } from '../../api/contracts/admin-ledger-audit.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { allProjectors } from '../../projections/all-projectors.js';
import { balancesProjector, ledgerEventTypes } from '../../projections/balances/projector.js';
import type { Projector } from '../../projections/types.js';
import { openLiveSocket } from '../support/assistant-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'ada-check@example.com';

/** The balances read model with `change` made to every batch before it is applied (a bug, or a delay). */
const balancesWith = (change: { events?: (events: RecordedEvent[]) => RecordedEvent[]; before?: () => Promise<void> }): Projector => {
  const events = change.events ?? ((e) => e);
  return {
    ...balancesProjector,
    async apply(db, batch) {
      await change.before?.();
      return balancesProjector.apply(db, events(batch));
    },
    // The live follower plans a row projection's batch (one statement): changed the same way.
    async plan(db, batch) {
      await change.before?.();
      return balancesProjector.plan!(db, events(batch));
    },
  };
};

const withBalances = (projector: Projector) => allProjectors.map((p) => (p.name === balancesProjector.name ? projector : p));

const lastLedgerEvent = async (server: TestServer) => (await server.store.readLog({ types: [...ledgerEventTypes], order: 'newest-first', limit: 1 })).events[0]!;

const audit = async (admin: ApiClient) => (await admin.get<LedgerAuditResponse>('/api/admin/audit/ledger')).body;

const checkedThroughHead = async (server: TestServer, admin: ApiClient) => {
  const head = (await lastLedgerEvent(server)).globalPosition.toString();
  await expect.poll(async () => (await audit(admin)).continuous.checkedThrough, { timeout: 30_000 }).toBe(head);
};

const correct = (admin: ApiClient, member: ApiClient, amount: number) =>
  admin.post(`/api/admin/members/${member.memberId}/corrections`, { amount, reason: 'Audit check', idempotencyKey: randomUUID() });

describe('the check after every batch, against a balances projector with a bug', () => {
  let server: TestServer;
  let admin: ApiClient;
  let member: ApiClient;
  // The bug: a correction is booked one point higher than the ledger says.
  const buggy = balancesWith({
    events: (batch) =>
      batch.map((e) => {
        const data = e.data as { reason?: string; amount: number };
        return e.type === 'PointsGranted' && data.reason === 'correction' ? { ...e, data: { ...data, amount: data.amount + 1 } } : e;
      }),
  });
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: ADMIN }, projectors: withBalances(buggy) });
    [admin, member] = [await signIn(server.url, ADMIN, 'Ada'), await signIn(server.url, 'mia-check@example.com', 'Mia')];
  }, 60_000);
  afterAll(() => server?.close());

  it('finds the wrong balance within the batch that holds the event, as a critical error group the admins hear of', async () => {
    await checkedThroughHead(server, admin);
    expect((await audit(admin)).findings).toEqual([]);
    const socket = await openLiveSocket(server.url, admin);
    try {
      expect((await correct(admin, member, 2)).status).toBe(200);
      const correction = await lastLedgerEvent(server);
      expect(correction.type).toBe('PointsGranted');
      await expect
        .poll(async () => (await audit(admin)).findings, { timeout: 15_000 })
        .toEqual([
          expect.objectContaining({
            kind: 'balance',
            memberId: member.memberId,
            memberName: 'Mia',
            position: correction.globalPosition.toString(),
            expected: { available: 5, held: 0 },
            found: { available: 6, held: 0 },
            foundBy: 'continuous',
          }),
        ]);
      await socket.next((m) => m.type === LEDGER_AUDIT_CHANGED, 10_000);
    } finally {
      socket.close();
    }
    await expect
      .poll(async () => (await admin.get<{ errorType: string; severity: string }[]>('/api/admin/errors?search=LedgerDiscrepancy')).body, { timeout: 10_000 })
      .toEqual([expect.objectContaining({ errorType: 'LedgerDiscrepancy', severity: 'critical' })]);
  });

  it('writes the finding once while it stays open, however many batches touch the member', async () => {
    expect((await correct(admin, member, 1)).status).toBe(200);
    await checkedThroughHead(server, admin);
    const { findings } = await audit(admin);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ kind: 'balance', memberId: member.memberId });
  });
});

describe('the check after every batch, while the balances read model lags or leads', () => {
  let server: TestServer;
  let admin: ApiClient;
  let members: ApiClient[];
  // A second admin reads the audit while the first one's writes are not in the read model yet (the writer's own
  // next request waits for them: read-your-writes).
  const OBSERVER = 'oli-check@example.com';
  let observer: ApiClient;
  // The balances read model held back by the test: while `held` is a promise, each of its batches waits for
  // it, so the log and the check run ahead of the read model until the test lets it go.
  let held: Promise<void> | null = null;
  const slow = balancesWith({ before: () => held ?? Promise.resolve() });
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: `${ADMIN},${OBSERVER}` }, projectors: withBalances(slow) });
    [admin, observer] = await Promise.all([signIn(server.url, ADMIN, 'Ada'), signIn(server.url, OBSERVER, 'Oli')]);
    members = await Promise.all(['lea', 'noa', 'ivo'].map((name) => signIn(server.url, `${name}-check@example.com`, name)));
  }, 60_000);
  afterAll(() => server?.close());

  it('raises no false alarm while the read model is behind the log', async () => {
    // Corrections reach the log while the read model is held; the check waits for the read model before it
    // compares, so nothing is found while it is behind, nor once it catches up.
    let letGo = () => {};
    held = new Promise<void>((resolve) => (letGo = resolve));
    const before = (await lastLedgerEvent(server)).globalPosition;
    const answers = Promise.all(members.flatMap((m) => [correct(admin, m, 1), correct(admin, m, 2), correct(admin, m, -1)]));
    const corrections = async () =>
      (await server.store.readLog({ types: ['PointsGranted'], order: 'newest-first', limit: 20 })).events.filter((e) => e.globalPosition > before).length;
    // The first of them in the log is enough: the admin's next requests wait for their last write's read models.
    await expect.poll(corrections, { timeout: 15_000 }).toBeGreaterThan(0);
    expect((await audit(observer)).findings).toEqual([]);
    held = null;
    letGo();
    await answers;
    await checkedThroughHead(server, admin);
    const { findings, continuous } = await audit(admin);
    expect(findings).toEqual([]);
    // Five welcome bonuses (two admins, three members) and each member's corrections, 1 + 2 - 1.
    expect(continuous.totals).toEqual({ granted: 5 * 3 + 3 * 2, available: 5 * 3 + 3 * 2, held: 0, inTransit: 0 });
  });

  it('raises no false alarm after the check was paused while the read model went on', async () => {
    await server.operations.followers.pause('ledger-audit');
    await Promise.all(members.map((m) => correct(admin, m, 3)));
    await Promise.all(members.map((m) => correct(admin, m, -2)));
    const head = await lastLedgerEvent(server);
    await server.runtime.waitFor(head.checkpoint, 15_000);
    await server.operations.followers.resume('ledger-audit');
    await checkedThroughHead(server, admin);
    expect((await audit(admin)).findings).toEqual([]);
  });
});
