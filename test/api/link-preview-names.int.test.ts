// The link previewer's fetcher with names of its own (a resolver answering like a hostile DNS server
// would): a name that resolves to a refused address is never connected to, whatever else it resolves
// to, and the socket connects to the address the checked lookup answered, not to one looked up again.
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetcher, type SafeFetcher } from '../../api/link-preview/safe-fetch.js';
import { html, startPageServer, type PageServer } from './support/page-server.js';

const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

describe('fetching a page by name', () => {
  let loopback: PageServer;
  let ipv6: PageServer;
  let fetcher: SafeFetcher;
  let allowing: SafeFetcher;
  const asked: string[] = [];

  beforeAll(async () => {
    const page = html('<meta property="og:title" content="Reached">');
    [loopback, ipv6] = await Promise.all([
      startPageServer('127.0.0.1', (_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(page)),
      startPageServer('::1', (_q, r) => r.end(page)),
    ]);
    const names: Record<string, LookupAddress[]> = {
      'loop.test': [v4('127.0.0.1')],
      'intranet.test': [v4('10.0.0.1')],
      'metadata.test': [v4('169.254.169.254')],
      'six.test': [v6('::1')],
      'mapped.test': [v6('::ffff:127.0.0.1')],
      'mixed.test': [v4('93.184.216.34'), v4('127.0.0.1')],
      'page.test': [v4('127.0.0.1')],
    };
    const resolve = async (hostname: string) => {
      asked.push(hostname);
      const found = names[hostname];
      if (!found) throw Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' });
      return found;
    };
    fetcher = createSafeFetcher({ allowHosts: [], ports: 'any', resolve });
    allowing = createSafeFetcher({ allowHosts: ['page.test'], ports: 'any', resolve });
  });
  afterAll(async () => {
    await Promise.all([fetcher?.close(), allowing?.close(), loopback?.close(), ipv6?.close()]);
  });

  it.each([
    ['loop.test', '127.0.0.1'],
    ['intranet.test', '10.0.0.1'],
    ['metadata.test', '169.254.169.254'],
    ['six.test', '::1'],
    ['mapped.test', '::ffff:127.0.0.1'],
    ['mixed.test', 'a public address and 127.0.0.1'],
  ])('refuses %s, which resolves to %s, without connecting', async (name) => {
    const port = name === 'six.test' ? ipv6.port : loopback.port;
    expect(await fetcher.fetchPage(`http://${name}:${port}/`)).toBeNull();
    expect(asked).toContain(name);
    expect([loopback.connections(), ipv6.connections()]).toEqual([0, 0]);
  });

  it('connects to the address its own checked lookup answered (a name no real DNS knows)', async () => {
    const page = await allowing.fetchPage(`http://page.test:${loopback.port}/`);
    expect(page?.body.toString()).toContain('Reached');
    expect(loopback.connections()).toBe(1);
  });

  it('refuses ports other than those allowed', async () => {
    const webOnly = createSafeFetcher({ allowHosts: ['page.test'], ports: [80, 443], resolve: async () => [v4('127.0.0.1')] });
    try {
      const before = loopback.connections();
      expect(await webOnly.fetchPage(`http://page.test:${loopback.port}/`)).toBeNull();
      expect(loopback.connections()).toBe(before);
    } finally {
      await webOnly.close();
    }
  });
});
