import { describe, expect, it } from 'vitest';
import { RowCache } from './row-cache.js';

describe('RowCache', () => {
  it('keeps rows while batches start from the checkpoint it was left at', () => {
    const cache = new RowCache();
    cache.startAt(null);
    cache.set('onboarding', 'mia', { member_id: 'mia' });
    cache.set('onboarding', 'nobody', null);
    cache.committed('c1');
    cache.startAt('c1');
    expect(cache.get('onboarding', 'mia')).toEqual({ member_id: 'mia' });
    expect(cache.get('onboarding', 'nobody')).toBeNull();
    expect(cache.get('onboarding', 'sam')).toBeUndefined();
  });

  it('forgets every row when a batch starts from another checkpoint (the row moved under it)', () => {
    const cache = new RowCache();
    cache.startAt('c1');
    cache.set('onboarding', 'mia', { member_id: 'mia' });
    cache.committed('c2');
    cache.startAt('c5');
    expect(cache.get('onboarding', 'mia')).toBeUndefined();
  });

  it('follows a checkpoint moved without writes, and forgets when the next batch starts elsewhere', () => {
    const cache = new RowCache();
    cache.startAt('c1');
    cache.set('onboarding', 'mia', { member_id: 'mia' });
    cache.committed('c2');
    cache.startAt('c2');
    expect(cache.get('onboarding', 'mia')).toEqual({ member_id: 'mia' });
    cache.startAt('c9');
    expect(cache.size('onboarding')).toBe(0);
  });

  it('hands out kept rows frozen, so an evolve that changes one in place throws instead of changing the cache', () => {
    const cache = new RowCache();
    cache.startAt(null);
    cache.set('onboarding', 'mia', { member_id: 'mia', has_bio: false });
    const kept = cache.get('onboarding', 'mia') as { has_bio: boolean };
    expect(() => {
      kept.has_bio = true;
    }).toThrow(TypeError);
    expect(cache.get('onboarding', 'mia')).toEqual({ member_id: 'mia', has_bio: false });
  });

  it('drops the oldest rows past its bound, not the ones just used', () => {
    const cache = new RowCache(10);
    cache.startAt(null);
    for (let i = 0; i < 10; i += 1) cache.set('t', `k${i}`, { i });
    cache.set('t', 'k0', { i: 0 }); // used again: now the newest
    cache.set('t', 'k10', { i: 10 });
    expect(cache.size('t')).toBeLessThanOrEqual(10);
    expect(cache.get('t', 'k0')).toEqual({ i: 0 });
    expect(cache.get('t', 'k10')).toEqual({ i: 10 });
    expect(cache.get('t', 'k1')).toBeUndefined();
  });
});
