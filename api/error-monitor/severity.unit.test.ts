// The written rules: severity and category by where an error was caught (decision 329), the version
// order of a regression (decision 331) and the cards' change in per cent.
import { describe, expect, it } from 'vitest';
import { changePercent } from './error-stats.js';
import { sameOrLater } from './group-queries.js';
import { categoryOf, classify } from './severity.js';

describe('severity and category', () => {
  it('follow where the error was caught', () => {
    const rows = [
      [{ where: 'server', databaseLost: true }, 'critical', 'database'],
      [{ where: 'follower' }, 'critical', 'follower'],
      [{ where: 'ledger-audit' }, 'critical', 'follower'],
      [{ where: 'server', databaseLost: false }, 'high', 'api'],
      [{ where: 'browser', source: 'boundary' }, 'high', 'browser'],
      [{ where: 'assistant' }, 'medium', 'assistant'],
      [{ where: 'browser', source: 'unhandledrejection' }, 'medium', 'browser'],
      [{ where: 'browser', source: 'window' }, 'low', 'browser'],
    ] as const;
    for (const [caught, severity, category] of rows) {
      const classified = classify(caught);
      expect([classified.severity, categoryOf(classified.source, classified.severity)], JSON.stringify(caught)).toEqual([severity, category]);
    }
  });
});

describe('a regression’s version', () => {
  it('counts the same or a later version, never an older one, and an unknown one as not older', () => {
    expect(sameOrLater('1.2.0', '1.2.0')).toBe(true);
    expect(sameOrLater('1.10.0', '1.9.3')).toBe(true);
    expect(sameOrLater('1.2.0-rc.1', '1.2.0')).toBe(false);
    expect(sameOrLater('1.1.9', '1.2.0')).toBe(false);
    expect(sameOrLater('v2', '1.2.0')).toBe(true);
    expect(sameOrLater('', '1.2.0')).toBe(true);
    expect(sameOrLater(null, '1.2.0')).toBe(true);
    expect(sameOrLater('1.0.0', null)).toBe(true);
  });

  it('says the change against yesterday in per cent, one decimal, and nothing without yesterday', () => {
    expect(changePercent(5, 3)).toBe(66.7);
    expect(changePercent(1, 4)).toBe(-75);
    expect(changePercent(3, 0)).toBeNull();
  });
});
