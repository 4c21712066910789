// The landing page's JavaScript (issue 19 point 18): none of the signed-in app's chunks, and at most
// 120 kB compressed, both from the build's manifest and as the browser actually loads it.
import { describe, expect, it } from 'vitest';
import { compressedSize, initialChunks, readManifest, signedInChunk } from '../../web/build/initial-chunks.js';
import { newPageOnServerClock, startAppAndBrowser } from './support/app-and-browser.js';

const dist = 'web/dist';
const LIMIT = 120 * 1024;

describe("the landing page's JavaScript", () => {
  const e2e = startAppAndBrowser();

  it('holds no signed-in chunk and stays within 120 kB compressed, by the manifest', () => {
    const manifest = readManifest(dist);
    const files = initialChunks(manifest, /features\/public\/routes\/landing-page\.tsx$/);
    expect(files.filter((file) => signedInChunk.test(`/${file}`))).toEqual([]);
    // The frame of the signed-in pages is a chunk of its own, loaded by them only.
    expect(Object.values(manifest).some((chunk) => chunk.file.includes('app-layout-'))).toBe(true);
    const bytes = files.reduce((sum, file) => sum + compressedSize(dist, file), 0);
    expect(bytes).toBeLessThanOrEqual(LIMIT);
  });

  it('loads no signed-in chunk and at most 120 kB of compressed script in the browser', async () => {
    const { context, page } = await newPageOnServerClock(e2e, { width: 390, height: 844 });
    const scripts: { path: string; bytes: Promise<number>; encoding: Promise<string | undefined> }[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push({
        path: new URL(request.url()).pathname,
        bytes: request.sizes().then((sizes) => sizes.responseBodySize),
        encoding: request.response().then((response) => response?.headers()['content-encoding']),
      });
    });
    await page.goto(`${e2e.server.url}/`);
    await page.getByTestId('landing-sign-in').waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.map((script) => script.path).filter((path) => signedInChunk.test(path))).toEqual([]);
    const loaded = await Promise.all(scripts.map(async (script) => ({ path: script.path, bytes: await script.bytes, encoding: await script.encoding })));
    // Every script of any size came as brotli (a tiny one may have no smaller copy).
    expect(loaded.filter((script) => script.bytes > 1024 && script.encoding !== 'br')).toEqual([]);
    const bytes = loaded.reduce((sum, script) => sum + script.bytes, 0);
    expect(bytes).toBeLessThanOrEqual(LIMIT);
    await context.close();
  });
});
