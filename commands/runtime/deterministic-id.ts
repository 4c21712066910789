// Name-based UUIDs (RFC 9562 version 5). The same name always gives the same id, so an event whose
// id derives from what it means (e.g. "welcome bonus of member X") can be appended at most once.
import { hash } from 'node:crypto';

/** Our own namespace, so our ids never collide with v5 ids other systems derive from the same names. */
export const SKILLSWAP_NAMESPACE = '0f6f2a1e-5b7c-4d43-9c7a-6a3e2b8d1c55';

const toBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const namespaceBytes = new Map<string, Buffer>();

/** Sets the version (5) and variant (RFC) bits of a byte given as two hex digits. */
const withBits = (hex: string, keep: number, set: number) => ((parseInt(hex, 16) & keep) | set).toString(16).padStart(2, '0');

// A booking derives four ids (its hold and one per event): the one-shot `crypto.hash` over one buffer
// costs well under half of a createHash object fed twice (bench/notes.md).
export const uuidV5 = (name: string, namespace: string = SKILLSWAP_NAMESPACE): string => {
  let ns = namespaceBytes.get(namespace);
  if (!ns) namespaceBytes.set(namespace, (ns = toBytes(namespace)));
  const hex = hash('sha1', Buffer.concat([ns, Buffer.from(name, 'utf8')]), 'hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${withBits(hex.slice(12, 14), 0x0f, 0x50)}${hex.slice(14, 16)}-${withBits(hex.slice(16, 18), 0x3f, 0x80)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
};
