import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createSocketConduct } from './socket-conduct.js';

const recordingLog = () => {
  const warnings: { data: unknown; message: string }[] = [];
  return { warnings, log: { warn: (data: unknown, message: string) => warnings.push({ data, message }) } as unknown as FastifyBaseLogger };
};

describe('a socket’s conduct', () => {
  it('takes a burst, then frames at the rate, and refuses what goes beyond', () => {
    let now = 0;
    const { log } = recordingLog();
    const conduct = createSocketConduct(log, 'ada', { framesPerSecond: 10, burst: 5, now: () => now });
    expect(Array.from({ length: 6 }, () => conduct.take())).toEqual([true, true, true, true, true, false]);
    now += 100; // one frame's worth
    expect([conduct.take(), conduct.take()]).toEqual([true, false]);
    now += 10_000; // refills to the burst, no further
    expect(Array.from({ length: 6 }, () => conduct.take()).filter(Boolean)).toHaveLength(5);
  });

  it('logs nothing for a socket that behaved, and one line with the counts for one that did not', () => {
    const good = recordingLog();
    createSocketConduct(good.log, 'ada').closed();
    expect(good.warnings).toEqual([]);

    const bad = recordingLog();
    const conduct = createSocketConduct(bad.log, 'eve');
    for (let i = 0; i < 1000; i++) conduct.ignored('not JSON');
    conduct.ignored('binary');
    conduct.flooded();
    conduct.closed();
    conduct.closed();
    expect(bad.warnings).toEqual([
      { data: { memberId: 'eve', ignored: { 'not JSON': 1000, binary: 1 }, flooded: true }, message: 'websocket: closed a socket that sent too many messages' },
    ]);
  });
});
