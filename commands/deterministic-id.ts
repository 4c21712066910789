// Name-based UUIDs (RFC 9562 version 5). The same name always gives the same id, so an event whose
// id derives from what it means (e.g. "welcome bonus of member X") can be appended at most once.
import { createHash } from 'node:crypto';

/** Our own namespace, so our ids never collide with v5 ids other systems derive from the same names. */
export const SKILLSWAP_NAMESPACE = '0f6f2a1e-5b7c-4d43-9c7a-6a3e2b8d1c55';

const toBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');

export const uuidV5 = (name: string, namespace: string = SKILLSWAP_NAMESPACE): string => {
  const hash = createHash('sha1').update(toBytes(namespace)).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
