import { describe, expect, it } from 'vitest';
import { compareSqlCheckpoints, parseSqlCheckpoint } from './sql-checkpoints.js';

describe('SQL event-store checkpoints', () => {
  it('orders by transaction id first, numerically across digit counts', () => {
    expect(compareSqlCheckpoints('999:500', '1000:3')).toBeLessThan(0);
    expect(compareSqlCheckpoints('10000:3', '9999:900')).toBeGreaterThan(0);
    expect(compareSqlCheckpoints('42:7', '42:10')).toBeLessThan(0);
    expect(compareSqlCheckpoints('42:7', '42:7')).toBe(0);
    expect(compareSqlCheckpoints('18446744073709551615:1', '18446744073709551614:9007199254740993')).toBe(1);
    expect(compareSqlCheckpoints('0:0', '0:1')).toBe(-1);
  });

  it('orders like the numbers themselves for any pair of checkpoints', () => {
    const digits = () => (Math.random() < 0.2 ? '0' : String(1 + Math.floor(Math.random() * 10 ** (1 + Math.floor(Math.random() * 6)))));
    const byNumbers = (a: string, b: string) => {
      const [x, y] = [parseSqlCheckpoint(a), parseSqlCheckpoint(b)];
      const first = x.transactionId === y.transactionId ? x.globalPosition - y.globalPosition : x.transactionId - y.transactionId;
      return first === 0n ? 0 : first < 0n ? -1 : 1;
    };
    for (let i = 0; i < 2_000; i++) {
      const a = `${digits()}:${digits()}`;
      const b = i % 5 === 0 ? `${a.split(':')[0]}:${digits()}` : `${digits()}:${digits()}`;
      expect([a, b, compareSqlCheckpoints(a, b)]).toEqual([a, b, byNumbers(a, b)]);
    }
  });

  it('puts null (the start of the log) before every checkpoint', () => {
    expect(compareSqlCheckpoints(null, '1:1')).toBeLessThan(0);
    expect(compareSqlCheckpoints('1:1', null)).toBeGreaterThan(0);
    expect(compareSqlCheckpoints(null, null)).toBe(0);
  });

  it('keeps 64-bit transaction ids exact', () => {
    expect(parseSqlCheckpoint('18446744073709551615:9007199254740993')).toEqual({
      transactionId: 18446744073709551615n,
      globalPosition: 9007199254740993n,
    });
  });

  it('refuses a checkpoint from another adapter', () => {
    expect(() => parseSqlCheckpoint('abc')).toThrow(/Not a SQL event-store checkpoint/);
    expect(() => parseSqlCheckpoint('1:2:3')).toThrow(/Not a SQL event-store checkpoint/);
    // Leading zeros would break the ordering of digit strings; PostgreSQL never prints them.
    expect(() => compareSqlCheckpoints('007:1', '7:1')).toThrow(/Not a SQL event-store checkpoint/);
    expect(() => compareSqlCheckpoints('7:1', '7:1:')).toThrow(/Not a SQL event-store checkpoint/);
    expect(() => compareSqlCheckpoints('7:1', '7:1')).not.toThrow();
  });
});
