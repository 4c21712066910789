// Browser stacks resolved from the build's own hidden maps (issue 32 point 1): a real module of the web
// client (web/src/lib/http.ts) is bundled here with Vite, minified with a hidden map, and made to throw;
// the stack it prints, as a browser would name the bundle, is posted to /api/client-errors. The stored
// stack and the group's frames name the original file and line as repository paths, and the same error
// from another bundle of the same module joins the same group.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorGroup, ErrorGroupDetail } from '../../api/contracts/admin-errors.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
const ADMIN = 'ana-maps@example.com';

/** Bundles a caller of getJson into dir/assets/name.js (+ .map), runs it against a failing fetch and returns the stack it printed. */
const builtStack = async (dir: string, name: string, padding: string): Promise<string> => {
  const entry = join(dir, `${name}-entry.ts`);
  await writeFile(
    entry,
    `import { getJson } from '${ROOT}/web/src/lib/http.ts';\n${padding}\nexport const run = (fetcher: typeof fetch) => { globalThis.fetch = fetcher; return getJson('/api/feed'); };\n`,
  );
  await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    resolve: { alias: { '@contracts': `${ROOT}/api/contracts` } },
    build: { outDir: dir, emptyOutDir: false, sourcemap: 'hidden', minify: true, lib: { entry, formats: ['es'], fileName: () => `assets/${name}.js` } },
  });
  const bundle = (await import(pathToFileURL(join(dir, 'assets', `${name}.js`)).href)) as { run(fetcher: typeof fetch): Promise<unknown> };
  const realFetch = globalThis.fetch;
  try {
    await bundle.run(async () => new Response('{"error":"down"}', { status: 500, statusText: 'Internal Server Error' }));
  } catch (error) {
    return (error as Error).stack!;
  } finally {
    globalThis.fetch = realFetch;
  }
  throw new Error('the bundle did not throw');
};

describe('client stacks resolved from the build’s hidden source maps', () => {
  let server: TestServer;
  let admin: ApiClient;
  let dir: string;
  // The bundle under the site's URL, and only its frames (a browser's stack has no test runner below them).
  const asBrowserPrints = (stack: string) =>
    stack
      .replaceAll(`file://${join(dir, 'assets')}`, 'https://skillswap.example/assets')
      .replaceAll(join(dir, 'assets'), 'https://skillswap.example/assets')
      .split('\n')
      .filter((line, i) => i === 0 || line.includes('/assets/'))
      .join('\n');
  const send = (stack: string) =>
    fetch(`${server.url}/api/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(server.url).origin, cookie: admin.cookie },
      body: JSON.stringify({
        errors: [
          {
            type: 'ApiError',
            message: 'Query failed: Internal Server Error',
            stack,
            source: 'unhandledrejection',
            path: '/feed',
            occurredAt: new Date().toISOString(),
            appVersion: '0.1.0',
          },
        ],
      }),
    });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'skillswap-client-maps-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><html lang="en"><head><title>SkillSwap</title></head><body></body></html>');
    server = await startTestServer({ webDistDir: dir, env: { ADMIN_EMAILS: ADMIN } });
    admin = await signIn(server.url, ADMIN, 'Ana');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('stores the stack with the original files and lines, groups by them, and joins the same error from another bundle', async () => {
    const first = asBrowserPrints(await builtStack(dir, 'app-1a2b', ''));
    expect(first).toMatch(/https:\/\/skillswap\.example\/assets\/app-1a2b\.js:\d+:\d+/);
    expect((await send(first)).status).toBe(204);

    const throwLine = (await readFile(join(ROOT, 'web/src/lib/http.ts'), 'utf8')).split('\n').findIndex((line) => line.includes('throw new ApiError(`Query failed')) + 1;
    const [group] = (await admin.get<ErrorGroup[]>('/api/admin/errors')).body;
    expect(group!.stackTrace).toContain(`web/src/lib/http.ts:${throwLine}:`);
    expect(group!.stackTrace).not.toContain('app-1a2b.js');
    const detail = (await admin.get<ErrorGroupDetail>(`/api/admin/errors/${group!.id}`)).body;
    expect(detail.frames[0]).toMatchObject({ file: 'web/src/lib/http.ts', line: throwLine, inApp: true });
    expect(detail.grouping.rule).toBe('frames');

    // Another build of other code around the same module, under another bundle name: the group stays the same.
    const second = asBrowserPrints(await builtStack(dir, 'app-9f8e', `export const padding = ${JSON.stringify('x'.repeat(500))}.length;`));
    expect(second).not.toBe(first);
    expect((await send(second)).status).toBe(204);
    const after = (await admin.get<ErrorGroup[]>('/api/admin/errors')).body;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: group!.id, count: 2 });
  });
});
