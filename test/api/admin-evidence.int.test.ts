// Issue 33 point 5: a session's dispute evidence pack. Its hash is the same for two downloads of the same
// history and changes when an event joins it; the pack holds the session's whole timeline across its
// streams (the hold in the student's ledger among them) in both members' time zones; each download is
// recorded among the admin's own actions, never in the pack; the printable page escapes members' text.
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVIDENCE_FORMAT, type EvidenceResponse } from '../../api/contracts/admin-evidence.js';
import { adminActionsStreamId } from '../../domain/admin-actions/events.js';
import { becomeMentor, bookingBody } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'eva-evidence@example.com';

describe('the dispute evidence pack', () => {
  let server: TestServer;
  let admin: ApiClient;
  let student: ApiClient;
  let mentor: ApiClient;
  let sessionId: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: ADMIN } });
    [admin, student, mentor] = await Promise.all([
      signIn(server.url, ADMIN, 'Eva'),
      signIn(server.url, 'sam-evidence@example.com', 'Sam <b>Student</b>'),
      signIn(server.url, 'mia-evidence@example.com', 'Mia Mentor'),
    ]);
    const skillId = await becomeMentor(mentor);
    const booked = await student.post('/api/sessions', bookingBody({ mentor, skillId, date: '2026-12-09', time: '10:00', message: 'Please <script>alert(1)</script>' }));
    expect(booked.body).toMatchObject({ id: expect.any(String) });
    sessionId = (booked.body as { id: string }).id;
    // The pack shows each member's time zone as it stands now.
    await student.patch(`/api/users/${student.memberId}`, { timeZone: 'America/New_York' });
    await mentor.patch(`/api/users/${mentor.memberId}`, { timeZone: 'Asia/Tokyo' });
  }, 120_000);
  afterAll(() => server?.close());

  const download = async () => {
    const answer = await admin.get<EvidenceResponse>(`/api/admin/sessions/${sessionId}/evidence`);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it("holds the session's timeline across its streams, in both members' time zones, hashed over its canonical JSON", async () => {
    const { manifest, pack } = await download();
    expect(pack).toMatchObject({
      format: EVIDENCE_FORMAT,
      sessionId,
      student: { memberId: student.memberId, timeZone: 'America/New_York' },
      mentor: { timeZone: 'Asia/Tokyo' },
    });
    const types = pack.events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['SessionRequested', 'PointsHeld']));
    expect(pack.events.find((e) => e.type === 'PointsHeld')?.streamId).toBe(`ledger-${student.memberId}`);
    const positions = pack.events.map((e) => BigInt(e.position));
    expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : 1)));
    const requested = pack.events.find((e) => e.type === 'SessionRequested')!;
    expect(requested.atStudent).toMatch(/-0[45]:00$/);
    expect(requested.atMentor).toMatch(/\+09:00$/);
    expect(new Date(requested.atStudent).getTime()).toBe(new Date(requested.occurredAt).getTime());
    const bytes = Buffer.from(canonicalize(pack)!, 'utf8');
    expect(manifest).toEqual({
      algorithm: 'SHA-256',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: bytes.length,
      events: pack.events.length,
      lastPosition: pack.events.at(-1)!.position,
    });
  });

  it('gives the same hash for two downloads, a new one once an event joins the history, and records each download by its hash', async () => {
    const first = await download();
    const second = await download();
    expect(second.manifest.sha256).toBe(first.manifest.sha256);
    expect((await mentor.post(`/api/sessions/${sessionId}/approve`, {})).status).toBe(200);
    const third = await download();
    expect(third.manifest.sha256).not.toBe(first.manifest.sha256);
    expect(third.pack.events.map((e) => e.type)).toContain('SessionApproved');
    const recorded = (await server.store.readStream(adminActionsStreamId(admin.memberId))).filter((e) => e.type === 'EvidencePackDownloaded');
    expect(recorded.map((e) => (e.data as { sha256: string }).sha256).slice(-3)).toEqual([first.manifest.sha256, first.manifest.sha256, third.manifest.sha256]);
    expect(recorded.every((e) => e.metadata.actorId === admin.memberId)).toBe(true);
  });

  it("answers a printable page of the same pack with its hash, members' text escaped", async () => {
    const page = await fetch(`${server.url}/api/admin/sessions/${sessionId}/evidence?format=html`, { headers: { cookie: admin.cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain((await download()).manifest.sha256);
    expect(html).toContain('Sam &lt;b&gt;Student&lt;/b&gt;');
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('answers 404 for a session that does not exist, 400 for a bad format, and refuses members', async () => {
    expect((await admin.get('/api/admin/sessions/no-such-session/evidence')).status).toBe(404);
    expect((await admin.get(`/api/admin/sessions/${sessionId}/evidence?format=pdf`)).status).toBe(400);
    expect((await student.get(`/api/admin/sessions/${sessionId}/evidence`)).status).toBe(403);
  });
});
