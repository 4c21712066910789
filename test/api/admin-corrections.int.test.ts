// Issue 33 point 4: an admin corrects a member's points with a reason. A new ledger entry with the admin as
// its actor (never an edit), refused below zero or without a reason, once per key, and folded back to the
// same balance when the read models are rebuilt from the log.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correctionTexts } from '../../api/contracts/admin-corrections.js';
import { ledgerStreamId } from '../../commands/stream-ids.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'cora-admin@example.com';

describe('balance corrections', () => {
  let server: TestServer;
  let admin: ApiClient;
  let member: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: ADMIN } });
    [admin, member] = await Promise.all([signIn(server.url, ADMIN, 'Cora'), signIn(server.url, 'milo@example.com', 'Milo')]);
  }, 120_000);
  afterAll(() => server?.close());

  const correct = (body: Record<string, unknown>, memberId = member.memberId, as = admin) =>
    as.post(`/api/admin/members/${memberId}/corrections`, { idempotencyKey: randomUUID(), ...body });
  const balance = async () => (await member.get<{ availablePoints: number }>(`/api/users/${member.memberId}/balance`)).body.availablePoints;
  const ledger = async () => (await server.store.readStream(ledgerStreamId(member.memberId))).map((e) => ({ type: e.type, data: e.data, actorId: e.metadata.actorId }));

  it("credits the member with a new ledger entry naming the admin, shown in the member's transactions", async () => {
    const before = await balance();
    const answer = await correct({ amount: 5, reason: 'Mentor no-show on 12 Nov' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ amount: 5, available: before + 5, held: 0 });
    expect(await balance()).toBe(before + 5);
    expect((await ledger()).at(-1)).toMatchObject({
      type: 'PointsGranted',
      data: { amount: 5, reason: 'correction', description: 'Mentor no-show on 12 Nov' },
      actorId: admin.memberId,
    });
    const transactions = await member.get<{ type: string; amount: number; description: string }[]>(`/api/users/${member.memberId}/transactions`);
    expect(transactions.body[0]).toMatchObject({ type: 'correction', amount: 5, description: 'Mentor no-show on 12 Nov' });
  });

  it('corrects once for one key, however often it is sent, even at once', async () => {
    const before = await balance();
    const body = { amount: -2, reason: 'Double grant', idempotencyKey: randomUUID() };
    const answers = await Promise.all([correct(body), correct(body), correct(body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // Every answer tells the ledger after the one correction.
    expect(answers.map((a) => (a.body as { available: number }).available)).toEqual([before - 2, before - 2, before - 2]);
    expect(await balance()).toBe(before - 2);
    expect((await ledger()).filter((e) => (e.data as { description?: string }).description === 'Double grant')).toHaveLength(1);
  });

  it('refuses a debit below zero, a missing reason and a zero amount, and changes nothing', async () => {
    const before = await balance();
    const events = (await ledger()).length;
    const below = await correct({ amount: -(before + 1), reason: 'Too much' });
    expect(below.status).toBe(400);
    expect(below.body).toEqual({ error: `This correction would make the available balance negative (available: ${before} points).` });
    const blank = await correct({ amount: 3, reason: '   ' });
    expect(blank.body).toEqual({ error: `reason: ${correctionTexts.reasonRequired}` });
    expect((await correct({ amount: 0, reason: 'Nothing' })).body).toEqual({ error: `amount: ${correctionTexts.badAmount}` });
    expect((await correct({ amount: 1.5, reason: 'Half' })).status).toBe(400);
    expect((await correct({ amount: 2, reason: 'Key', idempotencyKey: 'not-a-uuid' })).body).toEqual({ error: `idempotencyKey: ${correctionTexts.badKey}` });
    expect(await balance()).toBe(before);
    expect(await ledger()).toHaveLength(events);
  });

  it('answers 404 for a member who does not exist, and refuses members', async () => {
    expect((await correct({ amount: 1, reason: 'Ghost' }, 'no-such-member')).status).toBe(404);
    expect((await correct({ amount: 1, reason: 'Self-service' }, member.memberId, member)).status).toBe(403);
  });

  it('takes the admin from the session, never from the body', async () => {
    await correct({ amount: 1, reason: 'Goodwill', adminId: member.memberId, actorId: member.memberId });
    expect((await ledger()).at(-1)).toMatchObject({ data: { description: 'Goodwill' }, actorId: admin.memberId });
  });

  it('reads the same balance and transactions after both read models are rebuilt from the log', async () => {
    await correct({ amount: 4, reason: 'Before the rebuild' });
    const before = [await balance(), (await member.get(`/api/users/${member.memberId}/transactions`)).body];
    for (const name of ['balances', 'ledger-transactions']) {
      const { finished } = await server.operations.followers.rebuild(name, { actorId: admin.memberId, reason: 'audit of corrections' });
      expect(await finished).toMatchObject({ status: 'swapped' });
    }
    expect([await balance(), (await member.get(`/api/users/${member.memberId}/transactions`)).body]).toEqual(before);
  });
});
