// Issue 31 point 8: the admin's test e-mail goes through nodemailer to SMTP_URL (here a real smtp-server)
// at the admin's own address, the admin waits for SMTP's answer, and the outcome is recorded as an event
// that GET /api/admin/admin-activities lists (point 10).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActionsStreamId } from '../../domain/admin-actions/events.js';
import { testEmailFailure, testEmailTexts } from '../../api/contracts/test-email.js';
import { TEST_EMAIL_SUBJECT } from '../../commands/test-email/send-test-email.js';
import { SMTP_AUTH_REFUSAL, startSmtpTestServer, type SmtpTestServer } from '../support/smtp-test-server.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'ada-admin@example.com';

describe('the test e-mail', () => {
  let smtp: SmtpTestServer;
  let server: TestServer;
  let admin: ApiClient;
  let member: ApiClient;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    server = await startTestServer({ env: { ADMIN_EMAILS: ADMIN, SMTP_URL: smtp.url, SMTP_FROM: 'SkillSwap Ops <ops@skillswap.test>' } });
    [admin, member] = await Promise.all([signIn(server.url, ADMIN, 'Ada'), signIn(server.url, 'mo-member@example.com', 'Mo')]);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const recorded = async () =>
    (await server.store.readStream(adminActionsStreamId(admin.memberId))).map((e) => ({ type: e.type, data: e.data, actorId: e.metadata.actorId }));

  it("is received by the SMTP server at the admin's own address, and answered with the spec's success text", async () => {
    smtp.acceptPassword('mail-secret');
    const response = await admin.post('/api/admin/test-email', { to: 'someone-else@example.com' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: testEmailTexts.success, configured: true, to: ADMIN, reason: null });
    // The admin waited for SMTP: the message is there when the answer comes.
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual([ADMIN]);
    expect(mail.from).toBe('ops@skillswap.test');
    expect(mail.raw).toMatch(/^To: ada-admin@example\.com$/m);
    expect(mail.raw).toContain(`Subject: ${TEST_EMAIL_SUBJECT}`);
    expect(mail.raw).toContain('Hello Ada');
    expect(smtp.received.flatMap((m) => m.to)).not.toContain('someone-else@example.com');
    expect((await recorded()).at(-1)).toMatchObject({
      type: 'TestEmailSent',
      data: { to: ADMIN, sentBy: admin.memberId, response: expect.stringMatching(/^250 /) },
      actorId: admin.memberId,
    });
  });

  it("gives the spec's failure text with SMTP's reason when SMTP refuses the login, and records the refusal", async () => {
    smtp.acceptPassword('another-password');
    const before = smtp.received.length;
    const response = await admin.post('/api/admin/test-email');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: false, configured: true, to: ADMIN });
    expect(response.body.reason).toContain(`535 ${SMTP_AUTH_REFUSAL}`);
    expect(response.body.reason).toMatch(/Invalid login/);
    expect(response.body.message).toBe(testEmailFailure(response.body.reason));
    expect(smtp.received).toHaveLength(before);
    expect((await recorded()).at(-1)).toMatchObject({ type: 'TestEmailFailed', data: { to: ADMIN, reason: response.body.reason, sentBy: admin.memberId } });
  });

  it('lists both tests in the admin activities, newest first, with the admin and what SMTP said', async () => {
    const list = async () => (await admin.get('/api/admin/admin-activities?limit=10')).body.activities as { kind: string; outcome: string; actor: { name: string } }[];
    await expect.poll(async () => (await list()).length, { timeout: 5000, interval: 50 }).toBe(2);
    const activities = await list();
    expect(activities.map((a) => [a.kind, a.outcome, a.actor.name])).toEqual([
      ['test-email', 'failed', 'Ada'],
      ['test-email', 'sent', 'Ada'],
    ]);
    expect(activities[0]).toMatchObject({ subject: ADMIN, detail: expect.stringContaining(SMTP_AUTH_REFUSAL) });
    const first = await admin.get('/api/admin/admin-activities?limit=1');
    const second = await admin.get(`/api/admin/admin-activities?limit=1&cursor=${first.body.nextCursor}`);
    expect([...first.body.activities, ...second.body.activities]).toEqual(activities);
  });

  it('refuses a bad page with a readable 400', async () => {
    const badCursor = await admin.get('/api/admin/admin-activities?cursor=nonsense');
    expect(badCursor.status).toBe(400);
    expect(typeof badCursor.body.error).toBe('string');
    expect((await admin.get('/api/admin/admin-activities?limit=0')).status).toBe(400);
  });

  it('answers 401 signed out and 403 to a member on both routes, and sends nothing for them', async () => {
    const before = smtp.received.length;
    smtp.acceptPassword('mail-secret');
    expect((await fetch(`${server.url}/api/admin/test-email`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${server.url}/api/admin/admin-activities`)).status).toBe(401);
    expect((await member.post('/api/admin/test-email')).status).toBe(403);
    expect((await member.get('/api/admin/admin-activities')).status).toBe(403);
    expect(smtp.received).toHaveLength(before);
    expect(await server.store.readStream(adminActionsStreamId(member.memberId))).toEqual([]);
  });
});
