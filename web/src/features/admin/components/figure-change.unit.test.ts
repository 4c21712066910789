import { describe, expect, it } from 'vitest';
import { figureChange, formatPercent, percentOf } from './figure-change';

describe("a figure's change since the same time yesterday", () => {
  it('is a count and a percentage of yesterday, signed', () => {
    expect(figureChange({ value: 120, yesterday: 100 })).toEqual({ delta: 20, percent: 20, direction: 'up', text: '+20 (+20%) vs the same time yesterday' });
    expect(figureChange({ value: 2, yesterday: 3 })).toMatchObject({ delta: -1, direction: 'down', text: '-1 (-33.3%) vs the same time yesterday' });
  });

  it('has no percentage when yesterday was 0, and says so instead of Infinity', () => {
    const change = figureChange({ value: 5, yesterday: 0 });
    expect(change).toEqual({ delta: 5, percent: null, direction: 'up', text: '+5 vs none at the same time yesterday' });
    expect(change.text).not.toMatch(/Infinity|NaN/);
  });

  it('says there is no change when the figure has not moved, 0 against 0 included', () => {
    expect(figureChange({ value: 0, yesterday: 0 })).toEqual({ delta: 0, percent: 0, direction: 'same', text: 'No change vs the same time yesterday' });
    expect(figureChange({ value: 7, yesterday: 7 }).text).toBe('No change vs the same time yesterday');
  });
});

describe('shares', () => {
  it('are 0 of nothing, and shown with at most one decimal', () => {
    expect(percentOf(3, 0)).toBe(0);
    expect(formatPercent(percentOf(1, 3))).toBe('33.3%');
    expect(formatPercent(100)).toBe('100%');
  });
});
