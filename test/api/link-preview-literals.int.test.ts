// SSRF review of the link previewer (issue 20 point 6): every spelling of a loopback address a URL
// parser accepts (decimal, hex, octal, short forms, a trailing dot, IPv4-mapped, IPv4-compatible and
// NAT64 IPv6) is refused without a connection, and a redirect to another scheme or a refused address is not followed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetcher, type SafeFetcher } from '../../api/link-preview/safe-fetch.js';
import { html, startPageServer, type PageServer } from './support/page-server.js';

describe('link preview address literals', () => {
  let loopback: PageServer;
  let ipv6: PageServer;
  let redirecting: PageServer;
  let fetcher: SafeFetcher;
  let allowing: SafeFetcher;

  beforeAll(async () => {
    const page = html('<meta property="og:title" content="Reached">');
    [loopback, ipv6] = await Promise.all([
      startPageServer('127.0.0.1', (_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(page)),
      startPageServer('::1', (_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(page)),
    ]);
    redirecting = await startPageServer('127.0.0.1', (q, r) => r.writeHead(302, { location: decodeURIComponent(q.url!.slice(1)) }).end());
    fetcher = createSafeFetcher({ allowHosts: [], ports: 'any' });
    allowing = createSafeFetcher({ allowHosts: ['127.0.0.1'], ports: 'any' });
  });
  afterAll(async () => {
    await Promise.all([fetcher?.close(), allowing?.close(), loopback?.close(), ipv6?.close(), redirecting?.close()]);
  });

  it('refuses every spelling of a loopback address without connecting', async () => {
    const p = loopback.port;
    const urls = [
      `http://2130706433:${p}/`,
      `http://0x7f.1:${p}/`,
      `http://0x7f000001:${p}/`,
      `http://0177.0.0.1:${p}/`,
      `http://017700000001:${p}/`,
      `http://127.1:${p}/`,
      `http://127.0.0.1.:${p}/`,
      `http://[::ffff:7f00:1]:${p}/`,
      `http://[0:0:0:0:0:ffff:127.0.0.1]:${p}/`,
      `http://[::127.0.0.1]:${p}/`,
      `http://[64:ff9b::7f00:1]:${p}/`,
      `http://[0:0:0:0:0:0:0:1]:${ipv6.port}/`,
      `http://[::1%25lo]:${ipv6.port}/`,
    ];
    for (const url of urls) expect(await fetcher.fetchPage(url), url).toBeNull();
    expect([loopback.connections(), ipv6.connections()]).toEqual([0, 0]);
  });

  it('does not follow a redirect to another scheme or a refused address, even from a host it may fetch', async () => {
    for (const target of ['file:///etc/passwd', 'ftp://127.0.0.1/', 'gopher://127.0.0.1:6379/_INFO', `http://[::1]:${ipv6.port}/`]) {
      expect(await allowing.fetchPage(`http://127.0.0.1:${redirecting.port}/${encodeURIComponent(target)}`), target).toBeNull();
    }
    expect(redirecting.connections()).toBeGreaterThan(0);
    expect([loopback.connections(), ipv6.connections()]).toEqual([0, 0]);
  });
});
