// The error monitor on the real server (issue 32 points 1, 2, 6): a 5xx is recorded and grouped with its
// method, path, member and version; POST /api/client-errors refuses a bad batch whole with the contract's
// sentence and takes the member from the session only; each stored batch reaches admins' sockets; resolve,
// ignore and reopen are refused when already so, and a resolved group regresses in the same or a later
// version but not in an older one; the cards count today against yesterday at the same time of day.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorTexts, type ErrorGroup, type ErrorGroupDetail, type ErrorStats } from '../../api/contracts/admin-errors.js';
import { clientErrorTexts, type ClientError } from '../../api/contracts/client-errors.js';
import { TELEMETRY_TABLES as T } from '../../telemetry/tables.js';
import { openLiveSocket } from '../support/assistant-fixtures.js';
import { readModelsSettled } from '../support/read-models-settled.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'ana-errors@example.com';
const NOW = '2026-11-29T10:30:00.000Z';

// Reads until the answer is the one awaited (vitest's waitFor retries the read), then answers it.
const until = <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> =>
  vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error('not yet');
      return value;
    },
    { timeout: timeoutMs, interval: 25 },
  );

describe('the error monitor', () => {
  let server: TestServer;
  let admin: ApiClient;
  let member: ApiClient;
  const clientError = (more: Partial<ClientError> = {}): ClientError => ({
    type: 'TypeError',
    message: 'Cannot read properties of undefined',
    stack: null,
    source: 'window',
    path: '/feed',
    occurredAt: server.clock().toISOString(),
    appVersion: '1.2.0',
    ...more,
  });
  const post = async (body: unknown, cookie?: string) => {
    const response = await fetch(`${server.url}/api/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(server.url).origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as { error?: string }) : null };
  };
  const stored = async () => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(T.errors)}`.execute(server.sql.handle)).rows[0]!.n);
  const groups = async (query = '') => (await admin.get<ErrorGroup[]>(`/api/admin/errors${query}`)).body;
  const groupOf = async (message: string) => (await until(groups, (list) => list.some((g) => g.message === message))).find((g) => g.message === message)!;

  beforeAll(async () => {
    // The 5xx this file causes on purpose are logged as every 5xx is: kept out of the test's output.
    server = await startTestServer({ now: NOW, env: { ADMIN_EMAILS: ADMIN, APP_VERSION: '1.2.0' }, logStream: { write: () => {} } });
    [admin, member] = await Promise.all([signIn(server.url, ADMIN, 'Ana'), signIn(server.url, 'hal-errors@example.com', 'Hal')]);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    server.clock.set(NOW);
    await sql`truncate ${sql.join(Object.values(T).map((t) => sql.table(t)))}`.execute(server.sql.handle);
  });

  it('records a 5xx with its method, path, member and version, and groups two of them', async () => {
    await sql`alter table admin_activities rename to admin_activities_away`.execute(server.sql.handle);
    try {
      for (let i = 0; i < 2; i++) expect((await admin.get('/api/admin/admin-activities')).status).toBe(500);
    } finally {
      await sql`alter table admin_activities_away rename to admin_activities`.execute(server.sql.handle);
    }
    const [group] = await until(groups, (list) => list[0]?.count === 2);
    expect(group).toMatchObject({
      count: 2,
      membersAffected: 1,
      severity: 'high',
      category: 'api',
      status: 'unresolved',
      resolved: false,
      requestMethod: 'GET',
      requestPath: '/api/admin/admin-activities',
      userId: admin.memberId,
      lastAppVersion: '1.2.0',
    });
    const detail = (await admin.get<ErrorGroupDetail>(`/api/admin/errors/${group!.id}`)).body;
    expect(detail.occurrences).toHaveLength(2);
    expect(detail.grouping.parts[0]).toBe(`type ${group!.errorType}`);
  });

  it('refuses a bad batch whole with the contract’s sentence and stores nothing', async () => {
    const good = clientError();
    for (const body of [
      { errors: [] },
      { errors: Array.from({ length: 21 }, () => good) },
      { errors: [good, { ...good, path: 'feed' }] },
      { errors: [{ ...good, source: 'console' }] },
      {},
    ]) {
      expect(await post(body, member.cookie)).toEqual({ status: 400, body: { error: clientErrorTexts.badBatch } });
    }
    expect(await stored()).toBe(0);
  });

  it('takes the member from the session only, and tells admins’ sockets of each stored batch', async () => {
    const socket = await openLiveSocket(server.url, admin);
    try {
      expect((await post({ errors: [clientError({ message: 'signed out' })] })).status).toBe(204);
      expect((await post({ errors: [clientError({ message: 'signed in' }), clientError({ message: 'signed in' })] }, member.cookie)).status).toBe(204);
      await socket.next((m: { type: string; errors?: number }) => m.type === 'errors_stored' && m.errors === 2);
    } finally {
      socket.close();
    }
    const { rows } = await sql<{ message: string; member_id: string | null }>`select message, member_id from ${sql.table(T.errors)} order by id`.execute(
      server.sql.handle,
    );
    expect(rows).toEqual([
      { message: 'signed out', member_id: null },
      { message: 'signed in', member_id: member.memberId },
      { message: 'signed in', member_id: member.memberId },
    ]);
    expect(await groupOf('signed in')).toMatchObject({ count: 2, membersAffected: 1, category: 'browser', severity: 'low', requestPath: '/feed' });
  });

  it('resolves, ignores and reopens, refuses what is already so, and regresses by version, not by clock', async () => {
    const message = 'Regression by version';
    await post({ errors: [clientError({ message, source: 'boundary' })] }, member.cookie);
    const group = await groupOf(message);
    const act = (action: string, reason = `${action} it`) => admin.post<ErrorGroup | { error: string }>(`/api/admin/errors/${group.id}/${action}`, { reason });
    const statusNow = async () => {
      await readModelsSettled(server);
      return (await groupOf(message)).status;
    };

    expect(await act('reopen')).toMatchObject({ status: 409, body: { error: errorTexts.alreadyInStatus } });
    expect(await act('resolve', 'Fixed in 1.2.0')).toMatchObject({ status: 200, body: { status: 'resolved', resolved: true } });
    expect(await act('resolve')).toMatchObject({ status: 409, body: { error: errorTexts.alreadyInStatus } });
    expect(await statusNow()).toBe('resolved');

    // An older build still open in a tab: stays resolved.
    await post({ errors: [clientError({ message, source: 'boundary', appVersion: '1.1.9' })] }, member.cookie);
    await until(groups, (list) => list.find((g) => g.message === message)?.count === 2);
    expect(await statusNow()).toBe('resolved');
    expect((await groups('?status=resolved')).map((g) => g.id)).toContain(group.id);

    // The same version again: regressed, listed as unresolved, and may be resolved again.
    await post({ errors: [clientError({ message, source: 'boundary', appVersion: '1.2.0' })] }, member.cookie);
    await until(groups, (list) => list.find((g) => g.message === message)?.count === 3);
    expect(await statusNow()).toBe('regressed');
    expect((await groups('?status=unresolved')).map((g) => g.id)).toContain(group.id);
    expect(await act('resolve', 'Fixed again')).toMatchObject({ status: 200, body: { status: 'resolved' } });
    expect(await statusNow()).toBe('resolved');

    expect(await act('ignore', 'Noise')).toMatchObject({ status: 200, body: { status: 'ignored', resolved: true } });
    expect(await act('ignore')).toMatchObject({ status: 409 });
    expect(await act('reopen', 'Back')).toMatchObject({ status: 200, body: { status: 'unresolved', resolved: false } });
    expect(await act('resolve', '   ')).toMatchObject({ status: 400 });
    await readModelsSettled(server);
    const detail = (await admin.get<ErrorGroupDetail>(`/api/admin/errors/${group.id}`)).body;
    expect(detail.history.map((h) => [h.action, h.reason, h.byName, h.appVersion])).toEqual([
      ['reopened', 'Back', 'Ana', '1.2.0'],
      ['ignored', 'Noise', 'Ana', '1.2.0'],
      ['resolved', 'Fixed again', 'Ana', '1.2.0'],
      ['resolved', 'Fixed in 1.2.0', 'Ana', '1.2.0'],
    ]);
    expect((await admin.get(`/api/admin/errors/ffffffffffffffff`)).status).toBe(404);
    expect((await member.post(`/api/admin/errors/${group.id}/resolve`, { reason: 'me' })).status).toBe(403);
  });

  it('counts today against yesterday up to the same time of day', async () => {
    const at = async (instant: string, type: string, count: number) => {
      server.clock.set(instant);
      await post({ errors: Array.from({ length: count }, () => clientError({ type, message: `${type} happened` })) });
    };
    await at('2026-11-28T09:00:00.000Z', 'TypeError', 2);
    await at('2026-11-28T10:20:00.000Z', 'TypeError', 1); // within yesterday's part of the hour
    await at('2026-11-28T10:45:00.000Z', 'RangeError', 1); // later in the day than now: not counted
    await at('2026-11-29T08:00:00.000Z', 'RangeError', 3);
    await at(NOW, 'TypeError', 2);
    const stats = (await until(
      async () => (await admin.get<ErrorStats>('/api/admin/error-stats')).body,
      (s) => s.totalErrors === 9,
    )) as ErrorStats;
    expect(stats).toEqual({
      totalErrors: 9,
      errorsToday: 5,
      unresolvedErrors: 2,
      criticalErrors: 0,
      errorCountChange: 2,
      errorRateChange: 66.7,
      topErrorTypes: [
        { errorType: 'TypeError', count: 5 },
        { errorType: 'RangeError', count: 4 },
      ],
    });
  });
});
