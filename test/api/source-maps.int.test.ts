// The client's source maps hold its whole source (issue 29 point 2b): the build makes them hidden (no
// `sourceMappingURL` in the bundles, so browsers never ask) and the server never sends one, in whatever
// encoding or under whatever path it is asked for; the error monitor reads them from disk.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../web/vite.config.js';
import { precompressDir } from '../../web/build/precompress.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const appJs = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i} }`).join(', ')}];\n`;
const appMap = JSON.stringify({ version: 3, sources: ['../src/secret-feature.tsx'], sourcesContent: ['export const secret = 1;'.repeat(200)], mappings: '' });

describe('source maps of the client', () => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'skillswap-maps-'));
    await mkdir(join(webDir, 'assets'));
    await writeFile(join(webDir, 'index.html'), '<!doctype html><html lang="en"><head><title>SkillSwap</title></head><body></body></html>');
    await writeFile(join(webDir, 'assets', 'app-1a2b3c.js'), appJs);
    await writeFile(join(webDir, 'assets', 'app-1a2b3c.js.map'), appMap);
    await writeFile(join(webDir, 'root.js.map'), appMap);
    precompressDir(webDir);
    server = await startTestServer({ webDistDir: webDir });
  });
  afterAll(async () => {
    await server?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('are built hidden: the bundles name no map for the browser to fetch', () => {
    const built = viteConfig({ command: 'build', mode: 'production' });
    expect('then' in built ? null : built.build?.sourcemap).toBe('hidden');
  });

  it('are never served, compressed or not, under assets or at the root, while the bundle still is', async () => {
    expect((await fetch(`${server.url}/assets/app-1a2b3c.js`)).status).toBe(200);
    for (const path of ['/assets/app-1a2b3c.js.map', '/root.js.map', '/assets/app-1a2b3c.js%2Emap', '/assets/APP-1a2b3c.js.MAP']) {
      for (const encoding of ['br, gzip', 'gzip', 'identity']) {
        const answer = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': encoding } });
        const body = await answer.text();
        expect({ path, encoding, status: answer.status }).toEqual({ path, encoding, status: 404 });
        expect(body).not.toContain('secret');
      }
    }
  });
});
