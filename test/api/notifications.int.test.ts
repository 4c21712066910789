// Session notifications (spec 000 §3, 001 §2.8): made by the server for the participant who did not
// act, private to their recipient, read one by one or all at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../support/ledger-invariant.js';
import { becomeMentor, bookingBody, MONDAY_0800, signedOut } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('notifications', () => {
  let server: TestServer;
  let mia: ApiClient; // mentor
  let sam: ApiClient; // student

  const list = async (client: ApiClient) =>
    (await client.get(`/api/users/${client.memberId}/notifications`)).body as { id: string; type: string; read: boolean; message: string }[];
  const unread = async (client: ApiClient) => (await client.get(`/api/users/${client.memberId}/notifications/unread-count`)).body.count as number;

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800 });
    [mia, sam] = await Promise.all([signIn(server.url, 'mia@example.com', 'Mia'), signIn(server.url, 'sam@example.com', 'Sam')]);
    const skillId = await becomeMentor(mia);
    const first = await sam.post('/api/sessions', bookingBody({ mentor: mia, skillId, date: '2026-12-07', time: '10:00', message: 'Hello' }));
    server.clock.advance(60_000);
    await sam.post('/api/sessions', bookingBody({ mentor: mia, skillId, date: '2026-12-07', time: '11:00' }));
    server.clock.advance(60_000);
    await mia.post(`/api/sessions/${first.body.id}/approve`, {});
  });
  afterAll(async () => {
    await server?.close();
  });

  it('notifies the other participant, newest first, with the sender named', async () => {
    const forMia = await list(mia);
    expect(forMia.map((n) => n.type)).toEqual(['session_request', 'session_request']);
    expect(forMia[1]).toMatchObject({ from_user_id: sam.memberId, from_user_name: 'Sam', read: false, session_id: expect.any(String) });
    expect(forMia[1]!.message).toMatch(/^Sam requested a TypeScript session/);
    expect((await list(sam)).map((n) => n.type)).toEqual(['session_approved']);
    expect(await unread(mia)).toBe(2);
  });

  it('marks one notification read, for its recipient only', async () => {
    const [newest] = await list(mia);
    expect((await sam.put(`/api/notifications/${newest!.id}/read`)).status).toBe(404);
    expect((await mia.put('/api/notifications/no-such-id/read')).status).toBe(404);
    expect((await mia.put(`/api/notifications/${newest!.id}/read`)).body).toEqual({ ok: true });
    expect((await list(mia)).map((n) => n.read)).toEqual([true, false]);
    expect(await unread(mia)).toBe(1);
  });

  it('marks all read at once, and keeps notifications private', async () => {
    expect((await sam.put(`/api/users/${mia.memberId}/notifications/read-all`)).status).toBe(403);
    expect((await sam.get(`/api/users/${mia.memberId}/notifications`)).status).toBe(403);
    expect((await sam.get(`/api/users/${mia.memberId}/notifications/unread-count`)).status).toBe(403);
    expect(await unread(mia)).toBe(1);
    expect((await mia.put(`/api/users/${mia.memberId}/notifications/read-all`)).body).toEqual({ ok: true });
    expect(await unread(mia)).toBe(0);
    expect((await list(mia)).every((n) => n.read)).toBe(true);
  });

  it('answers 401 to the notification routes when signed out', async () => {
    for (const [method, path] of [
      ['GET', `/api/users/${mia.memberId}/notifications`],
      ['GET', `/api/users/${mia.memberId}/notifications/unread-count`],
      ['PUT', '/api/notifications/x/read'],
      ['PUT', `/api/users/${mia.memberId}/notifications/read-all`],
    ] as const) {
      expect({ path, ...(await signedOut(server.url, method, path)) }).toEqual({ path, status: 401, body: { error: 'User not authenticated' } });
    }
  });

  it('keeps every point accounted for', async () => {
    expect(await expectLedgerBalanced(server)).toMatchObject({ granted: 6, held: 2 });
  });
});
