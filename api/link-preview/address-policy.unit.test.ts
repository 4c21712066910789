import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAddressLiteral, isPublicAddress } from './address-policy.js';

const octet = fc.integer({ min: 0, max: 255 });
const ipv4In = (first: number, second?: fc.Arbitrary<number>) => fc.tuple(second ?? octet, octet, octet).map(([b, c, d]) => `${first}.${b}.${c}.${d}`);
const hex16 = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));

describe('the link previewer refuses every address that is not public unicast', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.170', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['::1', 'IPv6 loopback'],
    ['[::1]', 'IPv6 loopback in URL brackets'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:8.8.8.8', 'IPv4-mapped (even public: connect to the IPv4 address itself)'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
    ['2001:0::1', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['fec0::1', 'site-local (deprecated)'],
    ['localhost', 'a name, not an address'],
    ['2130706433', 'an integer, not a dotted address'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '[2001:4860:4860::8888]'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('refuses every address of the loopback, private, link-local and CGNAT ranges', () => {
    const refused = fc.oneof(
      ipv4In(127),
      ipv4In(10),
      ipv4In(172, fc.integer({ min: 16, max: 31 })),
      ipv4In(192, fc.constant(168)),
      ipv4In(169, fc.constant(254)),
      ipv4In(100, fc.integer({ min: 64, max: 127 })),
      ipv4In(0),
      fc.integer({ min: 224, max: 255 }).chain((first) => ipv4In(first)),
    );
    fc.assert(fc.property(refused, (address) => !isPublicAddress(address)));
  });

  it('refuses every IPv6 address outside global unicast, and every IPv4-mapped one', () => {
    const outside = fc.oneof(
      fc.tuple(hex16, hex16).map(([a, b]) => `fe80::${a}:${b}`),
      fc.tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), hex16).map(([a, b]) => `${a.toString(16)}::${b}`),
      fc.tuple(fc.integer({ min: 0xff00, max: 0xffff }), hex16).map(([a, b]) => `${a.toString(16)}::${b}`),
      fc.tuple(octet, octet, octet, octet).map((o) => `::ffff:${o.join('.')}`),
      fc.tuple(fc.integer({ min: 0x4000, max: 0xfbff }), hex16).map(([a, b]) => `${a.toString(16)}::${b}`),
    );
    fc.assert(fc.property(outside, (address) => !isPublicAddress(address)));
  });

  it('tells address literals from names', () => {
    expect(isAddressLiteral('[::1]')).toBe(true);
    expect(isAddressLiteral('10.0.0.1')).toBe(true);
    expect(isAddressLiteral('example.com')).toBe(false);
    expect(isAddressLiteral('10.0.0.1.nip.io')).toBe(false);
  });
});
