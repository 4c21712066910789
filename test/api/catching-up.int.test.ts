// 'Catching up' through the real server (issue 30 point 1): a new version of the sessions read model
// rebuilds over a seeded log beside its old tables; the routes that read it answer with the
// SkillSwap-Catching-Up header and the rebuild's progress, a route that reads another read model does
// not, and the header is gone once the new version is live. Every member-facing GET route under /api
// declares the read models it reads, or is on the short list of those that read none.
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATCHING_UP_HEADER, parseCatchingUp, type CatchingUp } from '../../api/contracts/catching-up.js';
import { allProjectors } from '../../projections/all-projectors.js';
import { readModelNames } from '../../projections/read-models.js';
import { eventually } from '../support/assistant-fixtures.js';
import { rebuildingSessions } from '../support/rebuilding-sessions.js';
import { apiRoutes } from './support/route-table.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

// At least 15 x 8 x 50 ms = 6 s of rebuilding: the test sees what it needs in about 1.5 s.
const { options, slow } = rebuildingSessions({ members: 15, delayMs: 50 });

/** GET routes under /api that read no read model (the admin scope reads the runtime, not a read model). */
const READ_NO_READ_MODEL = new Set(['/api/health', '/api/the-s-brain/status', '/api/media/{id}/file', '/api/og', '/api/og/image', '/api/analytics/settings']);
/** The sign-in's redirects: hidden from the OpenAPI document, where declarations are read, and answering no page. */
const HIDDEN_GETS = ['GET /api/callback', 'GET /api/login', 'GET /api/logout'];

describe('routes that read a read model whose new version is building', () => {
  let server: TestServer;
  let ada: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(options);
    ada = await signIn(server.url, 'ada-catching-up@example.com', 'Ada Catching Up');
  });

  afterAll(async () => {
    slow.on = false;
    await server?.close();
  });

  const catchingUp = (response: { headers: Headers }): CatchingUp[] => parseCatchingUp(response.headers.get(CATCHING_UP_HEADER));

  it('say catching up with progress until the new version is live; a route reading another read model never does', async () => {
    // The rebuild has read some of the log, and its progress is in the answer of a route that reads sessions.
    const during = await eventually(
      async () => {
        const answer = await ada.get('/api/dashboard/sessions?tab=upcoming');
        const [item] = catchingUp(answer);
        return item && item.done > 0 ? { answer, items: catchingUp(answer) } : undefined;
      },
      10_000,
      'an answer showing the rebuild past its first batch',
    );
    expect(server.runtime.rebuilding().has('sessions')).toBe(true);
    expect(during.answer.status).toBe(200);
    // Only the read model that rebuilds, of the two the route reads (sessions and members).
    expect(during.items).toHaveLength(1);
    expect(during.items[0]!.readModel).toBe('sessions');
    expect(during.items[0]!.total).toBeGreaterThan(during.items[0]!.done);
    const balance = await ada.get(`/api/users/${ada.memberId}/balance`);
    expect(balance.status).toBe(200);
    expect(balance.headers.get(CATCHING_UP_HEADER)).toBeNull();
    // Still rebuilding: the balance route's silence was not the rebuild's end.
    expect(server.runtime.rebuilding().has('sessions')).toBe(true);
    // Another route that reads sessions says the same.
    expect(catchingUp(await ada.get(`/api/users/${ada.memberId}/sessions`)).map((item) => item.readModel)).toEqual(['sessions']);

    slow.on = false;
    await eventually(
      async () => ((await server.runtime.status()).find((s) => s.name === 'sessions')?.status === 'live' ? true : undefined),
      20_000,
      'the new version of sessions live',
    );
    const after = await ada.get('/api/dashboard/sessions?tab=upcoming');
    expect(after.status).toBe(200);
    expect(after.headers.get(CATCHING_UP_HEADER)).toBeNull();
    expect(server.runtime.rebuilding().size).toBe(0);
  });

  it('declares the read models of every GET route under /api that reads one, by names the runtime knows', async () => {
    expect([...readModelNames].sort()).toEqual(allProjectors.map((p) => p.name).sort());
    const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as { paths: Record<string, { get?: { description?: string } }> };
    // The notes the plugin adds keep the document valid for standard tools.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    const gets = Object.entries(document.paths).filter(([path, item]) => path.startsWith('/api/') && !path.startsWith('/api/admin/') && item.get);
    expect(gets.length).toBeGreaterThan(30);
    const undeclared = gets.filter(([path, item]) => !READ_NO_READ_MODEL.has(path) && !item.get?.description?.includes(CATCHING_UP_HEADER)).map(([path]) => path);
    expect(undeclared).toEqual([]);
    // The short list holds only routes that exist and declare nothing.
    const listed = gets.filter(([path]) => READ_NO_READ_MODEL.has(path));
    expect(listed.map(([path]) => path).sort()).toEqual([...READ_NO_READ_MODEL].sort());
    expect(listed.filter(([, item]) => item.get?.description?.includes(CATCHING_UP_HEADER))).toEqual([]);
    // A GET route the document does not show (schema.hide) would escape the check: none but the sign-in's.
    const shown = new Set(gets.map(([path]) => `GET ${path}`));
    expect(apiRoutes(server.app).filter((route) => route.startsWith('GET ') && !route.startsWith('GET /api/admin/') && !shown.has(route))).toEqual(HIDDEN_GETS);
  });
});
