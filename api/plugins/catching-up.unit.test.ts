import { describe, expect, it } from 'vitest';
import { catchingUpPercent, catchingUpTexts, formatCatchingUp, parseCatchingUp } from '../contracts/catching-up.js';
import { catchingUpValue } from './catching-up.js';

describe('the SkillSwap-Catching-Up header', () => {
  it('writes each read model with its progress as a structured-field list, and reads it back', () => {
    const items = [
      { readModel: 'sessions', done: 1200, total: 50_000 },
      { readModel: 'skill-search', done: 0, total: 0 },
    ];
    const value = formatCatchingUp(items);
    expect(value).toBe('sessions;done=1200;total=50000, skill-search;done=0;total=0');
    expect(parseCatchingUp(value)).toEqual(items);
  });

  it('reads no item from an absent or empty header, and leaves out malformed items and parameters', () => {
    expect(parseCatchingUp(null)).toEqual([]);
    expect(parseCatchingUp('')).toEqual([]);
    expect(parseCatchingUp('Sessions;done=1;total=2, <b>;done=1, feed;done=x;total=-3;other=4, members ; done=5 ; total=10')).toEqual([
      { readModel: 'feed', done: 0, total: 0 },
      { readModel: 'members', done: 5, total: 10 },
    ]);
  });

  it('names only the route’s read models that rebuild, and nothing when none does', () => {
    const rebuilding = new Map([['sessions', { done: 10, total: 40 }]]);
    expect(catchingUpValue(['sessions', 'members'], rebuilding)).toBe('sessions;done=10;total=40');
    expect(catchingUpValue(['balances'], rebuilding)).toBeNull();
    expect(catchingUpValue(['sessions'], new Map())).toBeNull();
  });

  it('shows whole percents held below 100 until live, and no percent before the log is counted', () => {
    expect(catchingUpPercent({ readModel: 'sessions', done: 21, total: 50 })).toBe(42);
    expect(catchingUpPercent({ readModel: 'sessions', done: 50, total: 50 })).toBe(99);
    expect(catchingUpPercent({ readModel: 'sessions', done: 0, total: 0 })).toBeNull();
    expect(
      catchingUpTexts.banner([
        { readModel: 'sessions', done: 21, total: 50 },
        { readModel: 'skill-search', done: 0, total: 0 },
      ]),
    ).toBe('Catching up: sessions 42%, skill search');
  });
});
