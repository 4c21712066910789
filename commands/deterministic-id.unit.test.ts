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
});
