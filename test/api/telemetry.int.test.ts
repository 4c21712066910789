// POST /api/telemetry/batch on the real server: page views from anyone, interactions from signed-in
// members only, identity from the session, bots dropped, bad input refused with a readable 4xx that
// stores nothing, and a per-session limit.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TELEMETRY_LIMITS, telemetryTexts } from '../../api/contracts/telemetry.js';
import { TELEMETRY_TABLES as T } from '../../telemetry/tables.js';
import { signIn, type ApiClient } from '../support/sign-in.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { BROWSER_USER_AGENT, postAsBrowser } from '../support/browser-post.js';

const NOW = '2026-11-28T10:00:00.000Z';
const SENT = 1_700_000_000_000;

const interaction = (i: number) => ({ at: SENT - 1000, path: '/feed', action: 'click', x: 0.25, y: 100 + i, viewport: { width: 1280, height: 800 }, fixed: false });
const batch = (overrides: Record<string, unknown> = {}) => ({
  sentAt: SENT,
  visitorId: 'tab-0123456789',
  pageViews: [
    { at: SENT - 5000, kind: 'view', path: '/feed', viewport: { width: 1280, height: 800 } },
    { at: SENT - 2000, kind: 'navigation', path: '/search', from: '/feed' },
  ],
  ...overrides,
});

describe('POST /api/telemetry/batch', () => {
  let server: TestServer;
  let member: ApiClient;
  const send = (body: unknown, options: { userAgent?: string; cookie?: string } = {}) =>
    postAsBrowser<{ ok?: true; error?: string }>(server.url, '/api/telemetry/batch', body, options);
  const count = async (table: string) => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(server.sql.handle)).rows[0]!.n);
  const stored = async () => ({
    pageViews: await count(T.pageViews),
    interactions: await count(T.interactions),
    pageHourly: await count(T.pageHourly),
    cells: await count(T.cellHourly),
  });

  beforeAll(async () => {
    server = await startTestServer({ now: NOW });
    member = await signIn(server.url, 'telemetry@example.com', 'Tess');
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await sql`truncate ${sql.join(Object.values(T).map((t) => sql.table(t)))}`.execute(server.sql.handle);
  });

  it("stores an anonymous visitor's page views without a member, at server times", async () => {
    expect(await send(batch())).toEqual({ status: 202, body: { ok: true } });
    const views = await sql<{ kind: string; path: string; from_path: string | null; member_id: string | null; visitor_id: string; occurred_at: Date }>`
      select kind, path, from_path, member_id, visitor_id, occurred_at from ${sql.table(T.pageViews)} order by occurred_at`.execute(server.sql.handle);
    expect(views.rows).toEqual([
      { kind: 'view', path: '/feed', from_path: null, member_id: null, visitor_id: 'tab-0123456789', occurred_at: new Date(Date.parse(NOW) - 5000) },
      { kind: 'navigation', path: '/search', from_path: '/feed', member_id: null, visitor_id: 'tab-0123456789', occurred_at: new Date(Date.parse(NOW) - 2000) },
    ]);
  });

  it("stores a signed-in member's interactions under the member the session names, whatever the body says", async () => {
    const body = batch({ interactions: [interaction(0), interaction(1)] });
    expect((await send(body, { cookie: member.cookie })).status).toBe(202);
    const who = await sql<{ member_id: string }>`select distinct member_id from ${sql.table(T.interactions)}`.execute(server.sql.handle);
    expect(who.rows).toEqual([{ member_id: member.memberId }]);
    expect(await stored()).toEqual({ pageViews: 2, interactions: 2, pageHourly: 2, cells: 1 });
    // A member id in the body is not part of the contract.
    const spoof = await send({ ...body, memberId: 'someone-else' }, { cookie: member.cookie });
    expect(spoof.status).toBe(400);
  });

  it('refuses interactions from a signed-out visitor and stores nothing of the batch', async () => {
    expect(await send(batch({ interactions: [interaction(0)] }))).toEqual({ status: 401, body: { error: telemetryTexts.interactionsNeedSignIn } });
    expect(await stored()).toEqual({ pageViews: 0, interactions: 0, pageHourly: 0, cells: 0 });
  });

  it.each([
    ['a point beyond the viewport', { interactions: [...Array.from({ length: 499 }, (_, i) => interaction(i)), { ...interaction(0), x: 1.2 }] }, /interactions\.499\.x/],
    ['a path with a query', { pageViews: [{ at: SENT, kind: 'view', path: '/feed?token=secret' }] }, new RegExp(telemetryTexts.path)],
    ['a navigation without its "from"', { pageViews: [{ at: SENT, kind: 'navigation', path: '/feed' }] }, new RegExp(telemetryTexts.fromOnlyOnNavigation)],
    ['too many points', { interactions: Array.from({ length: TELEMETRY_LIMITS.interactionsPerBatch + 1 }, (_, i) => interaction(i)) }, /At most 500 interactions/],
    ['an empty batch', { pageViews: [], interactions: [] }, new RegExp(telemetryTexts.empty)],
    ['an unknown action', { interactions: [{ ...interaction(0), action: 'drag' }] }, /action/],
    ['a bad visitor id', { visitorId: 'x' }, /visitorId is 8 to 64/],
  ])('refuses %s with a readable 400 and stores nothing', async (_case, overrides, message) => {
    const answer = await send(batch(overrides), { cookie: member.cookie });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
    expect(await stored()).toEqual({ pageViews: 0, interactions: 0, pageHourly: 0, cells: 0 });
  });

  it('answers bots and headless browsers like anyone and stores nothing of theirs', async () => {
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      `${BROWSER_USER_AGENT.replace('Chrome/', 'HeadlessChrome/')}`,
      'curl/8.5.0',
    ]) {
      expect(await send(batch({ interactions: [interaction(0)] }), { userAgent, cookie: member.cookie })).toEqual({ status: 202, body: { ok: true } });
    }
    expect(await stored()).toEqual({ pageViews: 0, interactions: 0, pageHourly: 0, cells: 0 });
  });

  it(`limits a session to ${TELEMETRY_LIMITS.batchesPerMinute} batches a minute`, async () => {
    const other = await signIn(server.url, 'limited@example.com', 'Lim');
    server.clock.set(new Date('2026-11-28T11:00:00.000Z'));
    for (let i = 0; i < TELEMETRY_LIMITS.batchesPerMinute; i += 1) expect((await send(batch(), { cookie: other.cookie })).status).toBe(202);
    expect(await send(batch(), { cookie: other.cookie })).toEqual({ status: 429, body: { error: telemetryTexts.tooMany } });
    // Another session is not held back by this one's budget, and the next minute starts afresh.
    expect((await send(batch(), { cookie: member.cookie })).status).toBe(202);
    server.clock.set(new Date('2026-11-28T11:01:00.000Z'));
    expect((await send(batch(), { cookie: other.cookie })).status).toBe(202);
  });
});
