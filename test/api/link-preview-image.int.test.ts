// A link preview's image is served through the app (issue 29 point 13): the page's policy blocks http
// images, which left an empty frame. GET /api/og/image fetches it with the previews' own address rules
// (an address that is not allowed is never connected to), whole and at most 2 MB, and only an image whose
// bytes are what its type says; anything else is a 404 the client shows as no image at all.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkPreviewTexts, PREVIEW_IMAGE_MAX_BYTES, previewImageUrl } from '../../api/contracts/link-preview.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';
import { html, startPageServer, type PageServer } from './support/page-server.js';

describe('link preview images through the app', () => {
  let server: TestServer;
  let ann: ApiClient;
  let pages: PageServer;
  let forbidden: PageServer;
  let cover: Buffer;

  beforeAll(async () => {
    cover = await sharp({ create: { width: 120, height: 63, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const big = Buffer.concat([cover, Buffer.alloc(PREVIEW_IMAGE_MAX_BYTES)]);
    forbidden = await startPageServer('127.0.0.2', (_q, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(cover));
    pages = await startPageServer('127.0.0.1', (request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname === '/article')
        return response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(html('<meta property="og:title" content="A"><meta property="og:image" content="/cover.png">'));
      if (url.pathname === '/cover.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(cover);
      if (url.pathname === '/big.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(big);
      if (url.pathname === '/script.png') return response.writeHead(200, { 'content-type': 'image/png' }).end('<script>alert(1)</script>');
      if (url.pathname === '/drawing.svg') return response.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      if (url.pathname === '/page') return response.writeHead(200, { 'content-type': 'text/html' }).end(html('<title>x</title>'));
      if (url.pathname === '/redirect') return response.writeHead(302, { location: url.searchParams.get('to')! }).end();
      response.writeHead(404).end();
    });
    server = await startTestServer({ env: { LINK_PREVIEW_PORTS: 'any', LINK_PREVIEW_ALLOW_HOSTS: '127.0.0.1' } });
    ann = await signIn(server.url, 'ann-og-image@example.com', 'Ann');
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await Promise.all([pages?.close(), forbidden?.close()]);
  });

  const image = (url: string, cookie = ann.cookie) => fetch(`${server.url}${previewImageUrl(url)}`, { headers: cookie ? { cookie } : {} });

  it("serves the http image a page's preview names, from the app's origin, cached and never sniffed", async () => {
    const preview = await ann.get(`/api/og?url=${encodeURIComponent(`http://${pages.origin}/article`)}`);
    expect(preview.body.image).toBe(`http://${pages.origin}/cover.png`);
    const served = await image(preview.body.image);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await served.arrayBuffer()).equals(cover)).toBe(true);
  });

  it('refuses what is too large, not an image, an image of another type than it says, or SVG', async () => {
    for (const path of ['/big.png', '/script.png', '/drawing.svg', '/page', '/missing.png']) {
      const answer = await image(`http://${pages.origin}${path}`);
      expect({ path, status: answer.status, body: await answer.json() }).toEqual({ path, status: 404, body: { error: linkPreviewTexts.imageNotFound } });
    }
  });

  it('follows the address rules of previews: a host not allowed is never connected to, not even through a redirect', async () => {
    const direct = await image(`http://${forbidden.origin}/cover.png`);
    const redirected = await image(`http://${pages.origin}/redirect?to=${encodeURIComponent(`http://${forbidden.origin}/cover.png`)}`);
    expect([direct.status, redirected.status]).toEqual([404, 404]);
    expect(forbidden.connections()).toBe(0);
  });

  it('is for members only and refuses an address that is no http(s) one', async () => {
    expect((await image(`http://${pages.origin}/cover.png`, '')).status).toBe(401);
    const notHttp = await image('file:///etc/passwd');
    expect(notHttp.status).toBe(400);
    expect(((await notHttp.json()) as { error: string }).error).toContain(linkPreviewTexts.urlInvalid);
  });
});
