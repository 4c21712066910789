import { describe, expect, it } from 'vitest';
import { ForeignCheckpointError } from '../types.js';
import { parseSqlCheckpoint } from '../sql-checkpoints.js';
import { compareEsdbCheckpoints, parseEsdbCheckpoint, toEsdbCheckpoint } from './checkpoints.js';

describe('EventStoreDB checkpoints', () => {
  it('round-trip a log position through a string marked as EventStoreDB', () => {
    const checkpoint = toEsdbCheckpoint({ commit: 18_446_744_073n, prepare: 18_446_744_000n });
    expect(checkpoint).toBe('esdb:18446744073:18446744000');
    expect(parseEsdbCheckpoint(checkpoint)).toEqual({ commit: 18_446_744_073n, prepare: 18_446_744_000n });
  });

  it("refuses a SQL store's checkpoint, which has the same digits-colon-digits shape", () => {
    expect(() => parseEsdbCheckpoint('1042:77')).toThrow(ForeignCheckpointError);
    expect(() => compareEsdbCheckpoints('1042:77', 'esdb:1:1')).toThrow(/Not an EventStoreDB event-store checkpoint: 1042:77.*rebuild the read models/);
    expect(() => parseEsdbCheckpoint('esdb:01:2')).toThrow(ForeignCheckpointError);
    expect(() => parseEsdbCheckpoint('esdb:1:2:3')).toThrow(ForeignCheckpointError);
  });

  it('is refused in turn by the SQL stores', () => {
    expect(() => parseSqlCheckpoint(toEsdbCheckpoint({ commit: 5n, prepare: 5n }))).toThrow(ForeignCheckpointError);
  });

  it('orders by commit position, then prepare position, numerically, with null first', () => {
    expect(compareEsdbCheckpoints('esdb:999:999', 'esdb:1000:0')).toBe(-1);
    expect(compareEsdbCheckpoints('esdb:1000:10', 'esdb:1000:9')).toBe(1);
    expect(compareEsdbCheckpoints('esdb:1000:10', 'esdb:1000:10')).toBe(0);
    expect(compareEsdbCheckpoints(null, 'esdb:0:0')).toBe(-1);
    expect(compareEsdbCheckpoints('esdb:0:0', null)).toBe(1);
    expect(compareEsdbCheckpoints(null, null)).toBe(0);
  });

  it('will not make a checkpoint of the end-of-log marker old servers send for stream reads', () => {
    expect(() => toEsdbCheckpoint({ commit: 2n ** 64n - 1n, prepare: 2n ** 64n - 1n })).toThrow(/servers before 22.6/);
    expect(() => toEsdbCheckpoint({ commit: -1n, prepare: 0n })).toThrow(/no usable log position/);
  });
});
