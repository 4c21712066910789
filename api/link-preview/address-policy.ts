// Which addresses the link previewer may connect to (issue 20 point 6, SSRF). Only public unicast:
// ipaddr.js names every special IPv4 and IPv6 range (loopback, private, link-local, multicast,
// unspecified, broadcast, CGNAT, reserved, documentation, benchmarking, IPv4-mapped and translated
// IPv6, 6to4, Teredo, unique-local...) and calls the rest 'unicast'; IPv6 must also be global unicast
// (2000::/3), which leaves out the deprecated IPv4-compatible ::/96 and everything not yet assigned.
import ipaddr from 'ipaddr.js';

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** An address literal without URL brackets, e.g. '::1' for '[::1]'. */
export const bareAddress = (host: string): string => host.replace(/^\[(.*)\]$/, '$1');

/** True for an IP address literal (IPv4 dotted or IPv6), false for a name. */
export const isAddressLiteral = (host: string): boolean => {
  const bare = bareAddress(host);
  return ipaddr.IPv4.isValidFourPartDecimal(bare) || ipaddr.IPv6.isValid(bare);
};

/** True only for a public unicast address; anything unparsable (a zone id, a name) is false. */
export const isPublicAddress = (text: string): boolean => {
  const bare = bareAddress(text);
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) address = ipaddr.IPv4.parse(bare);
  else if (ipaddr.IPv6.isValid(bare) && !bare.includes('%')) address = ipaddr.IPv6.parse(bare);
  else return false;
  if (address.range() !== 'unicast') return false;
  return address.kind() === 'ipv4' || (address as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
};
