// Issue 33 point 3: the ledger audit. The check after every batch covers the log as points move (grants,
// holds, a refund, a completion's transfer) and finds nothing in a sound ledger; the full audit finds what no
// new event touches (a point moved by hand in the read model, a row with no ledger, a ledger with no row),
// each with its member and once while open, as a critical error group; replaying the log (a rebuild of the
// balances read model) reproduces every balance and resolves them. One full audit runs at a time; the
// schedule starts one per slot.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerAuditResponse, LedgerAuditRun } from '../../api/contracts/admin-ledger-audit.js';
import { ledgerEventTypes } from '../../projections/balances/projector.js';
import { becomeMentor, bookingBody, MONDAY_0800 } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'ada-audit@example.com';

describe('the ledger audit', () => {
  let server: TestServer;
  let admin: ApiClient;
  let mentor: ApiClient;
  let student: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800, env: { ADMIN_EMAILS: ADMIN, LEDGER_AUDIT_EVERY: '6h' } });
    [admin, mentor, student] = [
      await signIn(server.url, ADMIN, 'Ada'),
      await signIn(server.url, 'max-audit@example.com', 'Max'),
      await signIn(server.url, 'sam-audit@example.com', 'Sam'),
    ];
    const skillId = await becomeMentor(mentor);
    // One session completed (the hold adjudicated to the mentor, who receives it), one rejected (refunded).
    const completed = await student.post<{ id: string }>('/api/sessions', bookingBody({ mentor, skillId, date: '2026-12-07', time: '10:00' }));
    const rejected = await student.post<{ id: string }>('/api/sessions', bookingBody({ mentor, skillId, date: '2026-12-08', time: '10:00' }));
    expect((await mentor.post(`/api/sessions/${completed.body.id}/approve`, {})).status).toBe(200);
    expect((await mentor.post(`/api/sessions/${rejected.body.id}/reject`, { rejection_message: 'Away' })).status).toBe(200);
    server.clock.set('2026-12-07T11:30:00.000Z');
    await server.tickScheduler();
  }, 120_000);
  afterAll(() => server?.close());

  const audit = async () => (await admin.get<LedgerAuditResponse>('/api/admin/audit/ledger')).body;
  const lastLedgerPosition = async () =>
    (await server.store.readLog({ types: [...ledgerEventTypes], order: 'newest-first', limit: 1 })).events[0]!.globalPosition.toString();
  /** Starts a full audit and waits for its end. */
  const fullAudit = async (): Promise<LedgerAuditResponse> => {
    const started = await admin.post<LedgerAuditRun>('/api/admin/audit/ledger/run', {});
    expect(started.status).toBe(202);
    await server.operations.ledgerAudit.settled();
    const answer = await audit();
    expect(answer.run).toMatchObject({ id: started.body.id, state: 'finished', trigger: 'manual', startedBy: admin.memberId, error: null });
    expect(answer.run!.progress.done).toBe(answer.run!.progress.total);
    return answer;
  };
  const auditGroups = async () =>
    (
      await admin.get<{ id: string; errorType: string; severity: string; category: string; message: string; count: number; membersAffected: number }[]>(
        '/api/admin/errors?search=LedgerDiscrepancy',
      )
    ).body;

  it('checks every batch of points as it is written, and finds nothing in a sound ledger', async () => {
    const head = await lastLedgerPosition();
    await expect.poll(async () => (await audit()).continuous.checkedThrough, { timeout: 15_000 }).toBe(head);
    const { continuous, findings } = await audit();
    // Three welcome bonuses; one point went from the student to the mentor, one came back to the student.
    expect(continuous.totals).toEqual({ granted: 9, available: 9, held: 0, inTransit: 0 });
    expect(continuous.checkedAt).not.toBeNull();
    expect(findings).toEqual([]);
  });

  it('finds a point moved by hand in the balances read model at the next full audit, with the member, as a critical error group', async () => {
    const before = await server.sql.db
      .selectFrom('balances')
      .select(['available_points', 'held_points'])
      .where('member_id', '=', student.memberId)
      .executeTakeFirstOrThrow();
    await sql`update balances set available_points = available_points + 1 where member_id = ${student.memberId}`.execute(server.sql.db);
    const { run, findings } = await fullAudit();
    expect(run).toMatchObject({ findings: 1, membersChecked: 3, position: await lastLedgerPosition() });
    expect(findings).toEqual([
      expect.objectContaining({
        kind: 'balance',
        memberId: student.memberId,
        memberName: 'Sam',
        position: run!.position,
        expected: { available: before.available_points, held: before.held_points },
        found: { available: before.available_points + 1, held: before.held_points },
        holdId: null,
        foundBy: 'full-audit',
      }),
    ]);
    await expect
      .poll(auditGroups, { timeout: 10_000 })
      .toEqual([expect.objectContaining({ errorType: 'LedgerDiscrepancy', severity: 'critical', category: 'follower', count: 1, membersAffected: 1 })]);
    expect((await auditGroups())[0]!.message).toContain(student.memberId);
  });

  it('does not write a finding again while it is open, nor report it again', async () => {
    const [open] = (await audit()).findings;
    const { run, findings } = await fullAudit();
    expect(run!.findings).toBe(1);
    expect(findings.map((f) => f.id)).toEqual([open!.id]);
    await server.app.inject({ method: 'GET', url: '/api/health' }); // a turn for the recorder's queue
    expect((await auditGroups()).map((g) => g.count)).toEqual([1]);
  });

  it('finds a balance row with no ledger and a ledger with no row', async () => {
    await sql`insert into balances (member_id, available_points, held_points, updated_at) values ('ghost', 2, 0, now())`.execute(server.sql.db);
    await sql`delete from balances where member_id = ${mentor.memberId}`.execute(server.sql.db);
    const { findings } = await fullAudit();
    expect(findings.map((f) => [f.kind, f.memberId, f.expected, f.found])).toEqual(
      expect.arrayContaining([
        ['balance', 'ghost', null, { available: 2, held: 0 }],
        ['missing-row', mentor.memberId, { available: 4, held: 0 }, null],
        ['balance', student.memberId, expect.anything(), expect.anything()],
      ]),
    );
    expect(findings).toHaveLength(3);
  });

  it('reproduces every balance exactly by replaying the log: after a rebuild the full audit finds nothing and resolves what it found', async () => {
    const rebuilt = await server.operations.followers.rebuild('balances', { actorId: admin.memberId, reason: 'Ledger audit test' });
    expect(await rebuilt.finished).toMatchObject({ status: 'swapped' });
    const { run, findings } = await fullAudit();
    expect(run).toMatchObject({ findings: 0, membersChecked: 3 });
    expect(findings).toEqual([]);
  });

  it('starts the scheduled full audit once its slot is due, and once per slot', async () => {
    const { nextScheduledAt } = await audit();
    // Every 6 hours from midnight UTC: the slot after the clock's 11:30 is noon.
    expect(nextScheduledAt).toBe('2026-12-07T12:00:00.000Z');
    expect(await server.operations.ledgerAudit.tick()).toBeNull();
    server.clock.set('2026-12-07T12:00:05.000Z');
    const run = await server.operations.ledgerAudit.tick();
    expect(run).toMatchObject({ trigger: 'schedule', startedBy: null, state: 'running' });
    expect(await server.operations.ledgerAudit.tick()).toBeNull();
    await server.operations.ledgerAudit.settled();
    const answer = await audit();
    expect(answer.run).toMatchObject({ id: run!.id, state: 'finished', findings: 0 });
    expect(answer.nextScheduledAt).toBe('2026-12-07T18:00:00.000Z');
  });

  /** `members` ledgers appended straight to the store: a welcome bonus, a hold and its refund each. */
  const seedLedgers = async (members: number) => {
    const event = (type: string, data: Record<string, unknown>) => ({
      type,
      data,
      metadata: { eventId: randomUUID(), occurredAt: server.clock().toISOString(), actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
    });
    for (let from = 0; from < members; from += 100) {
      const appends = Array.from({ length: Math.min(100, members - from) }, (_, k) => {
        const memberId = `seeded-${from + k}`;
        const hold = { memberId, holdId: randomUUID(), sessionId: randomUUID(), amount: 1 };
        return {
          streamId: `ledger-${memberId}`,
          expectedRevision: 'no_stream' as const,
          events: [
            event('PointsGranted', { memberId, transactionId: randomUUID(), amount: 3, reason: 'welcome', description: 'Welcome bonus' }),
            event('PointsHeld', { ...hold, description: 'Held' }),
            event('HoldRefunded', { ...hold, reason: 'rejected', description: 'Refund' }),
          ],
        };
      });
      await server.store.appendMany(appends);
    }
  };

  it('starts one full audit at a time: a request while one runs answers that one', async () => {
    // Ledgers enough for several batches of the check after every batch, which folds them on the way.
    await seedLedgers(1_000);
    const head = await lastLedgerPosition();
    await expect.poll(async () => (await audit()).continuous.checkedThrough, { timeout: 60_000 }).toBe(head);
    expect((await audit()).continuous).toMatchObject({ totals: { granted: 3_009, available: 3_009, held: 0, inTransit: 0 } });
    expect((await audit()).findings).toEqual([]);
    // Asked twice at once, and again as soon as it has started: one run.
    const ledgerAudit = server.operations.ledgerAudit;
    const [a, b] = await Promise.all([ledgerAudit.run(admin.memberId), ledgerAudit.run(mentor.memberId)]);
    const c = await ledgerAudit.run(mentor.memberId);
    expect([b.id, c.id]).toEqual([a.id, a.id]);
    expect(a).toMatchObject({ state: 'running', startedBy: admin.memberId });
    await ledgerAudit.settled();
    expect((await audit()).run).toMatchObject({ id: a.id, state: 'finished', membersChecked: 1_003, findings: 0 });
    // Over HTTP: two at once both answer 202 with a run (one, unless the first ended before the second arrived).
    const [x, y] = await Promise.all([admin.post<LedgerAuditRun>('/api/admin/audit/ledger/run', {}), admin.post<LedgerAuditRun>('/api/admin/audit/ledger/run', {})]);
    expect([x.status, y.status]).toEqual([202, 202]);
    expect([x.body, y.body]).toEqual([expect.objectContaining({ trigger: 'manual' }), expect.objectContaining({ trigger: 'manual' })]);
    await ledgerAudit.settled();
  }, 120_000);

  it('refuses members and bad input', async () => {
    expect((await student.post('/api/admin/audit/ledger/run', {})).status).toBe(403);
    expect((await student.get('/api/admin/audit/ledger')).status).toBe(403);
    const before = (await audit()).run!.id;
    const bad = await admin.post('/api/admin/audit/ledger/run', { memberId: student.memberId });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.any(String) });
    expect((await admin.post('/api/admin/audit/ledger/run', [])).status).toBe(400);
    expect((await audit()).run!.id).toBe(before);
  });
});
