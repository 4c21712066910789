// The client's files go out compressed (issue 19 point 18): the build writes brotli and gzip copies
// next to each text file (web/build/precompress.ts), and the server sends the copy the browser accepts,
// with Vary: Accept-Encoding, long-cached when the name is hashed; the SPA fallback too.
import { request } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../web/build/precompress.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

// Big and repetitive enough that compression pays, as a real chunk does.
const appJs = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];\n`;
const indexHtml = `<!doctype html><html lang="en"><head><title>SkillSwap</title>${'<meta name="x" content="padding for compression" />'.repeat(20)}</head><body><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script></body></html>`;

/** A raw GET: fetch would decode the body and hide which encoding came back. */
const get = (url: string, acceptEncoding?: string) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

describe('compressed client files', () => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'skillswap-web-'));
    await mkdir(join(webDir, 'assets'));
    await writeFile(join(webDir, 'index.html'), indexHtml);
    await writeFile(join(webDir, 'assets', 'app-1a2b3c.js'), appJs);
    precompressDir(webDir);
    server = await startTestServer({ webDistDir: webDir });
  });
  afterAll(async () => {
    await server?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('sends brotli to a browser that accepts it, with Vary and immutable caching for a hashed asset', async () => {
    const answer = await get(`${server.url}/assets/app-1a2b3c.js`, 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body.length).toBeLessThan(appJs.length / 3);
    expect(brotliDecompressSync(answer.body).toString()).toBe(appJs);
  });

  it('sends gzip when brotli is not accepted, and the file as it is when nothing is', async () => {
    const gzip = await get(`${server.url}/assets/app-1a2b3c.js`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.body).toString()).toBe(appJs);

    const plain = await get(`${server.url}/assets/app-1a2b3c.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(appJs);
  });

  it('compresses the page itself, at / and on the SPA fallback, which are never cached for long', async () => {
    for (const path of ['/', '/dashboard']) {
      const page = await get(`${server.url}${path}`, 'br');
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.body).toString()).toBe(indexHtml);
    }
  });
});
