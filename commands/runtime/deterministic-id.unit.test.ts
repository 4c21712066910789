import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uuidV5 } from './deterministic-id.js';

describe('uuidV5', () => {
  it('matches the RFC test vector for www.example.com in the DNS namespace', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('gives the same id for the same name and different ids for different names', () => {
    expect(uuidV5('welcome-bonus:m1')).toBe(uuidV5('welcome-bonus:m1'));
    expect(uuidV5('welcome-bonus:m1')).not.toBe(uuidV5('welcome-bonus:m2'));
  });

  it('agrees with a step-by-step RFC 9562 derivation for names of every shape', () => {
    const reference = (name: string, namespace: string) => {
      const bytes = createHash('sha1')
        .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
        .update(name, 'utf8')
        .digest()
        .subarray(0, 16);
      bytes[6] = (bytes[6]! & 0x0f) | 0x50;
      bytes[8] = (bytes[8]! & 0x3f) | 0x80;
      const hex = bytes.toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    };
    const namespaces = ['0f6f2a1e-5b7c-4d43-9c7a-6a3e2b8d1c55', '6ba7b810-9dad-11d1-80b4-00c04fd430c8'];
    for (let i = 0; i < 500; i += 1) {
      const name = i % 3 === 0 ? `session-hold:${i}` : i % 3 === 1 ? `réservé-${i}-日本` : '';
      for (const namespace of namespaces) expect(uuidV5(name, namespace)).toBe(reference(name, namespace));
    }
  });
});
