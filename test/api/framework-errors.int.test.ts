// Issue 19 point 5: the errors Fastify and Node's HTTP parser raise before any route runs (an id too
// long, a malformed percent-encoding, an address or headers too large, an unknown route, a body that is
// not JSON, too large or of another type) answer like every other error: {error: readable message},
// JSON, no internal codes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe("Fastify's own errors in the API's shape", () => {
  let server: TestServer;
  let ann: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    ann = await signIn(server.url, 'ann-framework@example.com', 'Ann');
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Asserts the status and the one-key body, and returns its message. */
  const answer = async (response: Response, status: number): Promise<string> => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['error']);
    const message = body.error as string;
    // Readable: a sentence, not Fastify's code or its generic status phrase.
    expect(message).not.toMatch(/FST_|^Bad Request$|^Unsupported Media Type$/);
    return message;
  };
  const get = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie: ann.cookie } });
  const patchRaw = (body: string, contentType = 'application/json') =>
    fetch(`${server.url}/api/users/${ann.memberId}`, { method: 'PATCH', headers: { cookie: ann.cookie, 'content-type': contentType }, body });

  it('answers an over-long path id with 414 and an address too large for the parser with 431', async () => {
    expect(await answer(await get(`/api/users/${'a'.repeat(300)}`), 414)).toMatch(/too long/i);
    expect(await answer(await get(`/api/users/${'a'.repeat(40_000)}`), 431)).toMatch(/too large/i);
  });

  it("answers an over-long id with 414 whether or not a built client's catch-all route is there", async () => {
    // With a client, its catch-all route takes the path the API route gave up on; without one, the router says so.
    const built = mkdtempSync(join(tmpdir(), 'skillswap-client-'));
    writeFileSync(join(built, 'index.html'), '<!doctype html><title>SkillSwap</title>');
    const empty = mkdtempSync(join(tmpdir(), 'skillswap-no-client-'));
    try {
      for (const webDistDir of [built, empty]) {
        const other = await startTestServer({ webDistDir });
        try {
          expect(await answer(await fetch(`${other.url}/api/users/${'a'.repeat(300)}`), 414), webDistDir).toMatch(/too long/i);
        } finally {
          await other.close();
        }
      }
    } finally {
      rmSync(built, { recursive: true, force: true });
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('answers a malformed percent-encoding in the path with 400', async () => {
    expect(await answer(await get('/api/users/%E0%A4%A'), 400)).toMatch(/address/i);
  });

  it('answers an unknown API route with 404, signed in or not', async () => {
    expect(await answer(await get('/api/no-such-route'), 404)).toBe('Not found');
    expect(await answer(await fetch(`${server.url}/api/no-such-route`, { method: 'DELETE' }), 404)).toBe('Not found');
  });

  it('answers bodies that are not JSON, empty, with prototype keys, of another type or too large with a 4xx', async () => {
    expect(await answer(await patchRaw('{"name": '), 400)).toMatch(/not valid JSON/);
    expect(await answer(await patchRaw(''), 400)).toMatch(/empty/);
    expect(await answer(await patchRaw('{"__proto__": {"admin": true}}'), 400)).toMatch(/__proto__/);
    expect(await answer(await patchRaw('{"constructor": {"prototype": {}}}'), 400)).toMatch(/constructor/);
    // Deep enough to exhaust the stack of a recursive walk (it answered 500 before).
    const deep = `{"constructor":1,"bio":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    expect(await answer(await patchRaw(deep), 400)).toMatch(/nested too deeply/);
    expect(await answer(await patchRaw('<name>Ann</name>', 'application/xml'), 415)).toMatch(/application\/json/);
    expect(await answer(await patchRaw(JSON.stringify({ bio: 'x'.repeat(1_100_000) })), 413)).toMatch(/too large/);
    expect((await ann.get('/api/user')).body.name).toBe('Ann');
  });
});
