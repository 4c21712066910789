// Issue 30 point 4: every admin route sits in the one /api/admin scope behind its one guard. The routes
// come from the running app's route tree, so a route added to the scope is checked here without a line
// of its own; the authorization matrix holds the rows that keep admin-only routes out of the rest of /api.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEmailTexts } from '../../api/contracts/test-email.js';
import { adminTexts } from '../../api/routes/admin/autohooks.js';
import { adminActionsStreamId } from '../../domain/admin-actions/events.js';
import { answeredPost, openLiveSocket } from '../support/assistant-fixtures.js';
import { heardAfter } from '../support/live-socket.js';
import { readModelsSettled } from '../support/read-models-settled.js';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server.js';
import { becomeMentor, bookingBody } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';
import { apiRoutes } from './support/route-table.js';

const ADMIN = 'ada-admin@example.com';
/** The values of the admin routes' path parameters, and the body of each write. */
const PATH_PARAMS: Record<string, string> = { featureId: 'post_job' };
const WRITE_BODIES: Record<string, unknown> = { 'POST /api/admin/features/{featureId}/status': { status: 'planned', note: 'Scope check' } };

describe('the /api/admin scope', () => {
  let server: TestServer;
  let admin: ApiClient;
  let member: ApiClient;
  let model: OpenAiCompatibleServer;
  /** The path parameters and body of the routes about one thing (found or made in beforeAll). */
  let perRoute: Record<string, { params?: Record<string, string>; body?: unknown }> = {};
  beforeAll(async () => {
    model = await startOpenAiCompatibleServer();
    // Upper case and spaces in the setting: the server compares e-mails as it stores them.
    server = await startTestServer({ env: { ADMIN_EMAILS: ` ${ADMIN.toUpperCase()} , someone@example.com`, OPENAI_BASE_URL: model.baseUrl } });
    [admin, member] = await Promise.all([signIn(server.url, ADMIN, 'Ada'), signIn(server.url, 'mo-member@example.com', 'Mo')]);
    // What the routes about one thing need to find: error groups of their own (one resolved, for reopen), a session
    // (the member books the admin), the member to correct, a follower to resume.
    const group = async (word: string) => {
      const message = `Scope check ${word}`;
      const error = { type: 'Error', message, stack: null, source: 'window', path: '/feed', occurredAt: new Date().toISOString(), appVersion: null };
      expect((await member.post('/api/client-errors', { errors: [error] })).status).toBe(204);
      const listed = (await admin.get<{ id: string; message: string }[]>(`/api/admin/errors?search=${encodeURIComponent(message)}`)).body;
      return listed.find((g) => g.message === message)!.id;
    };
    const [shown, resolved, ignored, reopened] = [await group('alpha'), await group('bravo'), await group('charlie'), await group('delta')];
    expect((await admin.post(`/api/admin/errors/${reopened}/resolve`, { reason: 'Scope' })).status).toBe(200);
    const skillId = await becomeMentor(admin);
    const booked = await member.post<{ id: string }>('/api/sessions', bookingBody({ mentor: admin, skillId, date: '2026-12-09', time: '10:00' }));
    const reason = { reason: 'Scope check' };
    perRoute = {
      'GET /api/admin/errors/{groupId}': { params: { groupId: shown } },
      'POST /api/admin/errors/{groupId}/resolve': { params: { groupId: resolved }, body: reason },
      'POST /api/admin/errors/{groupId}/ignore': { params: { groupId: ignored }, body: reason },
      'POST /api/admin/errors/{groupId}/reopen': { params: { groupId: reopened }, body: reason },
      'GET /api/admin/sessions/{id}/evidence': { params: { id: booked.body.id } },
      'POST /api/admin/members/{id}/corrections': { params: { id: member.memberId }, body: { amount: 1, reason: 'Scope check', idempotencyKey: randomUUID() } },
      'POST /api/admin/operations/{name}/{action}': { params: { name: 'balances', action: 'resume' }, body: {} },
      'GET /api/admin/audit/ledger/members/{id}': { params: { id: member.memberId } },
      'POST /api/admin/audit/ledger/run': { body: {} },
    };
    // The admin read models are eventual: the member the routes name (user-detail) is there once they caught up.
    await readModelsSettled(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });

  /** Routes whose subject is a query parameter, with one that names something that exists. */
  const queryOf = (path: string) => (path === '/api/admin/user-detail' ? `?userId=${member.memberId}` : path === '/api/admin/funnel/stopped' ? '?step=signedUp' : '');
  const adminRoutes = () => apiRoutes(server.app).filter((route) => route.split(' ')[1]!.startsWith('/api/admin/'));

  it('holds the operations routes', () => {
    expect(adminRoutes()).toEqual(
      expect.arrayContaining(['GET /api/admin/me', 'GET /api/admin/operations/followers', 'POST /api/admin/test-email', 'GET /api/admin/admin-activities']),
    );
  });

  it('answers every route 401 signed out, 403 to a member and 2xx to an admin', async () => {
    const seen: string[] = [];
    for (const route of adminRoutes()) {
      const [method, template] = route.split(' ') as [string, string];
      // A stream to travel in (issue 33): the member's own, which their sign-in wrote.
      const params: Record<string, string> = { ...PATH_PARAMS, streamId: `member-${member.memberId}`, ...perRoute[route]?.params };
      const bare = template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? 'missing');
      const path = bare + queryOf(bare);
      // A write takes its body from WRITE_BODIES, or none (the test e-mail goes to the admin's own address).
      const body = WRITE_BODIES[route] ?? perRoute[route]?.body;
      expect(['GET', 'POST'], `${route}: a read or a write`).toContain(method);
      const call = (client: ApiClient) => (method === 'GET' ? client.get(path) : body === undefined ? client.post(path) : client.post(path, body));
      const anonymous = await fetch(`${server.url}${path}`, {
        method,
        ...(body !== undefined && { headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(body) }),
      });
      const asMember = await call(member);
      const asAdmin = await call(admin);
      if (anonymous.status !== 401) seen.push(`${route} signed out: ${anonymous.status}`);
      if (asMember.status !== 403 || asMember.body?.error !== adminTexts.notAdmin) seen.push(`${route} member: ${asMember.status} ${JSON.stringify(asMember.body)}`);
      if (asAdmin.status < 200 || asAdmin.status >= 300) seen.push(`${route} admin: ${asAdmin.status} ${JSON.stringify(asAdmin.body)}`);
    }
    expect(seen).toEqual([]);
  });

  it('keeps a path under the scope that no route serves a 404 for everyone signed in', async () => {
    expect((await member.get('/api/admin/no-such-page')).status).toBe(404);
    expect((await admin.get('/api/admin/no-such-page')).status).toBe(404);
  });

  it('says e-mail is not configured when the server has no SMTP_URL, and records nothing', async () => {
    const testEmails = async () => (await server.store.readStream(adminActionsStreamId(admin.memberId))).filter((e) => e.type.startsWith('TestEmail'));
    const response = await admin.post('/api/admin/test-email');
    expect(response.body).toEqual({ success: false, message: testEmailTexts.notConfigured, configured: false, to: null, reason: null });
    // The admin's stream holds their evidence downloads of the test above; no test e-mail.
    expect(await testEmails()).toEqual([]);
  });

  it('tells the admin who they are', async () => {
    const me = await admin.get('/api/admin/me');
    expect(me.body).toEqual({ id: admin.memberId, name: 'Ada', email: ADMIN });
  });

  it("lists every projector and reactor with the runtime's own status", async () => {
    const response = await admin.get('/api/admin/operations/followers');
    expect(response.status).toBe(200);
    type Row = { name: string; kind: string; state: string; position: string | null; lag: { events: number | null }; holder: string | null };
    const followers = response.body.followers as Row[];
    const statuses = await server.runtime.status();
    expect(followers.map((f) => `${f.kind} ${f.name}`)).toEqual(statuses.map((s) => `${s.kind} ${s.name}`));
    expect(followers.find((f) => f.name === 'members')).toMatchObject({ kind: 'projector', state: expect.any(String), failure: null, rebuildFailure: null });
    // Which process holds each follower's lock: this server's runtime (host:pid:tag), as its status says.
    expect(followers.map((f) => f.holder)).toEqual(statuses.map((s) => s.holder));
    expect(followers.find((f) => f.name === 'members')?.holder).toMatch(/^.+:\d+:[0-9a-f]{6}$/);
    // The sign-ins wrote events, so the members read model stands somewhere in the log.
    expect(followers.find((f) => f.name === 'members')?.position).not.toBeNull();
    expect(followers.some((f) => f.kind === 'reactor')).toBe(true);
  });

  it('tells the client who is an admin from the same rule', async () => {
    expect((await admin.get('/api/user')).body.isAdmin).toBe(true);
    expect((await member.get('/api/user')).body.isAdmin).toBe(false);
  });

  // The websocket reads the same decoration: an AI call's 'admin' notice reaches the admin's socket only.
  it("sends the admin notices to the admin's socket and not to a member's", async () => {
    const [adminSocket, memberSocket] = await Promise.all([openLiveSocket(server.url, admin), openLiveSocket(server.url, member)]);
    try {
      await answeredPost(server, member.memberId);
      await adminSocket.next((m) => m.type === 'changed' && m.scope === 'admin', 15_000);
      // The member's own notice comes after anything sent to their socket before it.
      await heardAfter(
        [memberSocket],
        (m) => m.type === 'changed' && m.scope === 'user',
        () => member.patch(`/api/users/${member.memberId}`, { bio: 'Hello' }),
      );
      expect(memberSocket.messages.filter((m) => m.scope === 'admin')).toEqual([]);
    } finally {
      adminSocket.close();
      memberSocket.close();
    }
  });
});
