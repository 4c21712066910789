// Issue 20 point 6: GET /api/og?url= through the real server. Pages come from test servers on loopback
// addresses that count the connections they accept: a refused address must show none. The server that
// fetches pages allows one host (LINK_PREVIEW_ALLOW_HOSTS=127.0.0.1, off by default); a second server
// with the default (nothing allowed) shows that even that host is refused without the setting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyLinkPreview, linkPreviewTexts } from '../../api/contracts/link-preview.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';
import { html, startPageServer, type PageServer } from './support/page-server.js';

const MB = 1024 * 1024;
/** What every failure answers: nothing, for the address as the URL parser writes it. */
const nothingFor = (url: string) => emptyLinkPreview(new URL(url).href);
const ARTICLE = html(
  '<title>Fallback</title><meta property="og:title" content="Pair programming 101"><meta property="og:description" content="How to swap skills"><meta property="og:image" content="/cover.png"><meta property="og:site_name" content="Swap Blog">',
);

describe('link previews', () => {
  let open: TestServer;
  let strict: TestServer;
  let ann: ApiClient;
  let strictAnn: ApiClient;
  let pages: PageServer;
  let requests = 0;
  /** Targets the previewer must never connect to: another loopback address, the loopback name's port, IPv6 loopback. */
  let otherLoopback: PageServer;
  let named: PageServer;
  let ipv6: PageServer;

  beforeAll(async () => {
    const target = () => startPageServer('127.0.0.2', (_q, response) => response.end(ARTICLE));
    pages = await startPageServer('127.0.0.1', (request, response, count) => {
      requests += 1;
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname === '/article') return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
      if (url.pathname === '/redirect') return response.writeHead(302, { location: url.searchParams.get('to')! }).end();
      const hops = /^\/chain\/(\d+)$/.exec(url.pathname);
      if (hops)
        return Number(hops[1]) === 0
          ? response.writeHead(200, { 'content-type': 'text/html' }).end(ARTICLE)
          : response.writeHead(301, { location: `/chain/${Number(hops[1]) - 1}` }).end();
      if (url.pathname === '/no-answer') return; // headers never come
      if (url.pathname === '/trickle') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<html><head><title>Slow');
        const timer = setInterval(() => response.write(' '), 100);
        response.on('close', () => clearInterval(timer));
        return;
      }
      if (url.pathname === '/tags-after-1mb' || url.pathname === '/huge') {
        response.writeHead(200, { 'content-type': 'text/html' });
        const filler = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        if (url.pathname === '/huge') {
          response.write(ARTICLE.replace('</html>', ''));
          count(ARTICLE.length);
        }
        const total = url.pathname === '/huge' ? 50 * MB : MB + 100 * 1024;
        const more = () => {
          while (sent < total) {
            sent += filler.length;
            count(filler.length);
            if (!response.write(filler)) return void response.once('drain', more);
          }
          response.end(url.pathname === '/huge' ? '' : '<meta property="og:title" content="Too late">');
        };
        response.on('error', () => {});
        return more();
      }
      if (url.pathname === '/image') return response.writeHead(200, { 'content-type': 'image/png' }).end('not html');
      response.writeHead(404).end();
    });
    [otherLoopback, named, ipv6] = await Promise.all([
      target(),
      startPageServer('127.0.0.1', (_q, r) => r.end(ARTICLE)),
      startPageServer('::1', (_q, r) => r.end(ARTICLE)),
    ]);
    [open, strict] = await Promise.all([
      startTestServer({ env: { LINK_PREVIEW_PORTS: 'any', LINK_PREVIEW_ALLOW_HOSTS: '127.0.0.1' } }),
      startTestServer({ env: { LINK_PREVIEW_PORTS: 'any' } }),
    ]);
    [ann, strictAnn] = await Promise.all([signIn(open.url, 'ann-og@example.com', 'Ann'), signIn(strict.url, 'ann-og-strict@example.com', 'Ann')]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([open?.close(), strict?.close()]);
    await Promise.all([pages, otherLoopback, named, ipv6].map((s) => s?.close()));
  });

  const og = (client: ApiClient, url: string) => client.get(`/api/og?url=${encodeURIComponent(url)}`);
  const timed = async (client: ApiClient, url: string) => {
    const started = performance.now();
    const response = await og(client, url);
    return { ...response, ms: performance.now() - started };
  };

  it('gives the title, description, image and provider of a page of an allowed host, and caches it', async () => {
    const url = `http://${pages.origin}/article`;
    const first = await og(ann, url);
    expect(first).toMatchObject({
      status: 200,
      body: { url, title: 'Pair programming 101', description: 'How to swap skills', image: `http://${pages.origin}/cover.png`, provider: 'Swap Blog' },
    });
    const before = requests;
    expect((await og(ann, `${url}#section`)).body).toEqual(first.body);
    expect(requests).toBe(before);
  });

  it('refuses loopback, private, link-local and IPv6 loopback addresses without connecting to them', async () => {
    const refused = [
      `http://localhost:${named.port}/`,
      `http://${otherLoopback.origin}/`,
      `http://${ipv6.origin}/`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
    ];
    for (const url of refused) {
      const answer = await timed(ann, url);
      expect(answer.status, url).toBe(200);
      expect(answer.body, url).toEqual(nothingFor(url));
      // A connection attempt to an unreachable 10.0.0.1 would wait for the 3 s timeout.
      expect(answer.ms, url).toBeLessThan(2500);
    }
    expect([named.connections(), otherLoopback.connections(), ipv6.connections()]).toEqual([0, 0, 0]);
  });

  it('checks every redirect again: a redirect to a refused address is not followed', async () => {
    const targets = [
      `http://localhost:${named.port}/`,
      `http://${otherLoopback.origin}/`,
      `http://${ipv6.origin}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
    ];
    for (const target of targets) {
      const url = `http://${pages.origin}/redirect?to=${encodeURIComponent(target)}`;
      const answer = await timed(ann, url);
      expect(answer.body, target).toEqual(nothingFor(url));
      expect(answer.ms, target).toBeLessThan(2500);
    }
    expect([named.connections(), otherLoopback.connections(), ipv6.connections()]).toEqual([0, 0, 0]);
  });

  it('follows at most 3 redirects', async () => {
    expect((await og(ann, `http://${pages.origin}/chain/3`)).body.title).toBe('Pair programming 101');
    const four = `http://${pages.origin}/chain/4`;
    expect((await og(ann, four)).body).toEqual(nothingFor(four));
  });

  it('cuts a server that does not answer, or answers too slowly, at 3 s', async () => {
    for (const path of ['/no-answer', '/trickle']) {
      const url = `http://${pages.origin}${path}`;
      const answer = await timed(ann, url);
      expect(answer.body, path).toEqual(nothingFor(url));
      // Generous bounds: the deadline is 3 s; a loaded machine may add to it but never take from it.
      expect(answer.ms, path).toBeGreaterThanOrEqual(2900);
      expect(answer.ms, path).toBeLessThan(8000);
    }
  }, 30_000);

  it('reads at most 1 MB of a page', async () => {
    const late = await og(ann, `http://${pages.origin}/tags-after-1mb`);
    expect(late.body.title).toBeNull();
    const before = pages.written();
    const huge = await og(ann, `http://${pages.origin}/huge`);
    expect(huge.body.title).toBe('Pair programming 101');
    // The server was stopped long before its 50 MB: only what sockets buffer went past the first 1 MB.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pages.written() - before).toBeLessThan(10 * MB);
  });

  it('answers an empty preview for what is no HTML page', async () => {
    const url = `http://${pages.origin}/image`;
    expect((await og(ann, url)).body).toEqual(nothingFor(url));
  });

  it('refuses an address that is no http(s) URL with a 400', async () => {
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'not a url', 'javascript:alert(1)']) {
      expect(await og(ann, url)).toMatchObject({ status: 400, body: { error: `url: ${linkPreviewTexts.urlInvalid}` } });
    }
    expect((await ann.get('/api/og')).status).toBe(400);
  });

  it('fetches nothing from loopback by default, not even the host the other server allows', async () => {
    const before = pages.connections();
    const url = `http://${pages.origin}/article`;
    expect((await og(strictAnn, url)).body).toEqual(nothingFor(url));
    expect(pages.connections()).toBe(before);
  });

  it('answers only members', async () => {
    const response = await fetch(`${open.url}/api/og?url=${encodeURIComponent('https://example.com/')}`);
    expect(response.status).toBe(401);
  });
});
