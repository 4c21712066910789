// Security review of the community feed (issue 20): junk the routes must refuse with a 400 rather
// than a 500, and limits a member cannot get around.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('feed security', () => {
  let server: TestServer;
  let ann: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({});
    ann = await signIn(server.url, 'ann-sec@example.com', 'Ann Sec');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers 400, not 500, to a feed cursor whose popularity or time the database cannot hold', async () => {
    for (const [sort, cursor] of [
      ['popular', cursorOf([1e300, '2026-01-01T00:00:00.000Z', 'x'])],
      ['recent', cursorOf([0, '-271821-04-20T00:00:00.000Z', 'x'])],
      ['recent', cursorOf([0, '+275760-09-13T00:00:00.000Z', 'x'])],
      ['popular', cursorOf([2 ** 53, '2026-01-01T00:00:00.000Z', 'x'])],
    ] as const) {
      const response = await ann.get(`/api/posts?sort=${sort}&cursor=${cursor}`);
      expect(response.status, `${sort} ${cursor}`).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
  });
});
