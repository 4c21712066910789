// Issue 33 point 3: an admin reads one member's ledger movements, both sides named, with the running balance
// the ledger's own fold gives after each; paged by a signed cursor that carries the balance and the open
// holds, so a hold placed on one page and settled on another moves the points as the whole fold does.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerAuditTexts, LEDGER_MOVEMENTS_PAGE, type LedgerMovementsResponse } from '../../api/contracts/admin-ledger-audit.js';
import { correctBalance } from '../../commands/corrections/correct-balance.js';
import { ledgerStreamId } from '../../commands/stream-ids.js';
import type { LedgerEvent } from '../../domain/ledger/events.js';
import { evolveLedger, initialLedgerState } from '../../domain/ledger/state.js';
import { becomeMentor, bookingBody, MONDAY_0800 } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'lea-ledger-admin@example.com';
const REJECTED = 'Sorry, I am away that week.';

describe("a member's ledger movements", () => {
  let server: TestServer;
  let admin: ApiClient;
  let mentor: ApiClient;
  let student: ApiClient;
  let skillId: string;
  let patId: string;

  const movements = (memberId: string, cursor?: string, as = admin) =>
    as.get<LedgerMovementsResponse>(`/api/admin/audit/ledger/members/${memberId}${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`);
  const allPages = async (memberId: string) => {
    const pages: LedgerMovementsResponse[] = [];
    let cursor: string | undefined;
    do {
      const page = await movements(memberId, cursor);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      pages.push(page.body);
      cursor = page.body.nextCursor ?? undefined;
    } while (cursor);
    return pages;
  };
  /** The ledger's own running balance after each of its events, folded from its first. */
  const foldedBalances = async (memberId: string) => {
    let state = initialLedgerState();
    return (await server.store.readStream(ledgerStreamId(memberId))).map((event) => {
      state = evolveLedger(state, { type: event.type, data: event.data } as LedgerEvent);
      return { position: event.globalPosition.toString(), available: state.available, held: state.held };
    });
  };
  const book = async (member: ApiClient, time: string) => {
    const booked = await member.post<{ id: string }>('/api/sessions', bookingBody({ mentor, skillId, date: '2026-12-07', time }));
    expect(booked.status).toBe(201);
    return booked.body.id;
  };
  const correctMany = async (memberId: string, count: number) => {
    for (let i = 0; i < count; i += 1) {
      await correctBalance(server.commands, {
        memberId,
        adminId: admin.memberId,
        amount: 1,
        reason: `Bulk ${i}`,
        idempotencyKey: randomUUID(),
        now: server.clock().toISOString(),
      });
    }
  };

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800, env: { ADMIN_EMAILS: ADMIN } });
    [admin, mentor, student] = await Promise.all([
      signIn(server.url, ADMIN, 'Lea Admin'),
      signIn(server.url, 'max-mentor@example.com', 'Max Mentor'),
      signIn(server.url, 'sia-student@example.com', 'Sia Student'),
    ]);
    skillId = await becomeMentor(mentor);
  }, 120_000);
  afterAll(() => server?.close());

  it('shows a booking, a transfer, a refund and a correction with both sides and the running balance', async () => {
    const taught = await book(student, '10:00');
    expect((await mentor.post(`/api/sessions/${taught}/approve`, {})).status).toBe(200);
    const rejected = await book(student, '14:00');
    expect((await mentor.post(`/api/sessions/${rejected}/reject`, { rejection_message: REJECTED })).status).toBe(200);
    server.clock.set('2026-12-07T10:30:00.000Z');
    expect((await mentor.post(`/api/sessions/${taught}/complete`, {})).body).toMatchObject({ point_status: 'transferred' });
    expect((await admin.post(`/api/admin/members/${student.memberId}/corrections`, { amount: 5, reason: 'Goodwill', idempotencyKey: randomUUID() })).status).toBe(200);

    const [page] = await allPages(student.memberId);
    expect(page!.member).toEqual({ id: student.memberId, name: 'Sia Student' });
    expect(page!.nextCursor).toBeNull();
    const rows = page!.movements.map((m) => ({ type: m.type, session: m.sessionId, other: m.counterparty, change: m.change, balance: m.balance }));
    expect(rows).toEqual([
      { type: 'PointsGranted', session: null, other: null, change: { available: 3, held: 0 }, balance: { available: 3, held: 0 } },
      { type: 'PointsHeld', session: taught, other: null, change: { available: -1, held: 1 }, balance: { available: 2, held: 1 } },
      { type: 'PointsHeld', session: rejected, other: null, change: { available: -1, held: 1 }, balance: { available: 1, held: 2 } },
      { type: 'HoldRefunded', session: rejected, other: null, change: { available: 1, held: -1 }, balance: { available: 2, held: 1 } },
      {
        type: 'HoldAdjudicated',
        session: taught,
        other: { id: mentor.memberId, name: 'Max Mentor' },
        change: { available: 0, held: -1 },
        balance: { available: 2, held: 0 },
      },
      { type: 'PointsGranted', session: null, other: null, change: { available: 5, held: 0 }, balance: { available: 7, held: 0 } },
    ]);
    expect(page!.movements.at(-1)!.description).toBe('Goodwill');
    expect(page!.movements.map((m) => ({ position: m.position, ...m.balance }))).toEqual(await foldedBalances(student.memberId));
    // The read model's row beside the fold: the same, once it has caught up.
    await vi.waitFor(async () => expect((await movements(student.memberId)).body.readModel).toEqual({ available: 7, held: 0 }));

    // The mentor's side: the points received name the student they came from.
    const received = (await movements(mentor.memberId)).body.movements.find((m) => m.type === 'PointsReceived');
    expect(received).toMatchObject({ sessionId: taught, counterparty: { id: student.memberId, name: 'Sia Student' }, change: { available: 1, held: 0 } });
  });

  it('pages the ledger oldest first, settling on a later page a hold placed on an earlier one as the whole fold does', async () => {
    const pat = await signIn(server.url, 'pat-pages@example.com', 'Pat Pages');
    patId = pat.memberId;
    const held = await book(pat, '15:00');
    await correctMany(pat.memberId, LEDGER_MOVEMENTS_PAGE);
    // Revision 102, on the second page: the refund of the hold placed at revision 1.
    expect((await mentor.post(`/api/sessions/${held}/reject`, { rejection_message: REJECTED })).status).toBe(200);
    await correctMany(pat.memberId, LEDGER_MOVEMENTS_PAGE);
    // A hold settled twice (test-only: the decider never writes it), on the third page: the ledger ignores it.
    const [refund] = (await server.store.readStream(ledgerStreamId(pat.memberId))).filter((e) => e.type === 'HoldRefunded');
    const metadata = { eventId: randomUUID(), occurredAt: server.clock().toISOString(), actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 };
    await server.store.append(ledgerStreamId(pat.memberId), [{ type: 'HoldRefunded', data: refund!.data, metadata }]);

    const pages = await allPages(pat.memberId);
    expect(pages.map((p) => p.movements.length)).toEqual([LEDGER_MOVEMENTS_PAGE, LEDGER_MOVEMENTS_PAGE, 4]);
    const shown = pages.flatMap((p) => p.movements);
    expect(shown.map((m) => ({ position: m.position, ...m.balance }))).toEqual(await foldedBalances(pat.memberId));
    const refunds = shown.filter((m) => m.type === 'HoldRefunded');
    expect(refunds.map((m) => m.change)).toEqual([
      { available: 1, held: -1 },
      { available: 0, held: 0 },
    ]);
    expect(shown.at(-1)!.balance).toEqual({ available: 3 + 2 * LEDGER_MOVEMENTS_PAGE, held: 0 });
  });

  it('answers 404 for a member who does not exist, and 400 for a cursor it did not make for this member', async () => {
    expect((await movements('no-such-member')).body).toEqual({ error: ledgerAuditTexts.memberNotFound });
    expect((await movements('no-such-member')).status).toBe(404);
    const next = (await movements(patId)).body.nextCursor!;
    const [payload, signature] = [next.slice(0, next.lastIndexOf('.')), next.slice(next.lastIndexOf('.'))];
    const [revision, available, ...rest] = payload.split('~');
    const forged = [`${revision}~${Number(available) + 50}~${rest.join('~')}${signature}`, 'nonsense', `${payload}.AAAA`, 'x'.repeat(2_001)];
    for (const cursor of forged) {
      const answer = await movements(patId, cursor);
      expect({ cursor: cursor.slice(0, 40), status: answer.status }).toEqual({ cursor: cursor.slice(0, 40), status: 400 });
    }
    // Another member's page is not this one's.
    const theirs = await movements(student.memberId, next);
    expect(theirs).toMatchObject({ status: 400, body: { error: ledgerAuditTexts.badCursor } });
    expect((await movements(patId, next, student)).status).toBe(403);
  });
});
