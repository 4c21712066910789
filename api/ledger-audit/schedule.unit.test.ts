// The schedule's slots (LEDGER_AUDIT_EVERY): the same instants in every process, nightly at 03:00 UTC or
// counted from midnight UTC; a clock that jumped over several runs the latest once.
import { describe, expect, it } from 'vitest';
import { latestDueSlot, nextSlotAfter } from './schedule.js';

const at = (iso: string) => new Date(iso);

describe('the full audit’s schedule', () => {
  it('starts nightly at 03:00 UTC, the next one strictly after the instant given', () => {
    expect(nextSlotAfter({ kind: 'nightly' }, at('2026-12-07T02:59:59.999Z'))).toEqual(at('2026-12-07T03:00:00.000Z'));
    expect(nextSlotAfter({ kind: 'nightly' }, at('2026-12-07T03:00:00.000Z'))).toEqual(at('2026-12-08T03:00:00.000Z'));
    expect(nextSlotAfter({ kind: 'nightly' }, at('2026-12-07T23:00:00.000Z'))).toEqual(at('2026-12-08T03:00:00.000Z'));
  });

  it('counts every so often from midnight UTC, and never when off', () => {
    const sixHours = { kind: 'every', ms: 6 * 3_600_000 } as const;
    expect(nextSlotAfter(sixHours, at('2026-12-07T11:30:00.000Z'))).toEqual(at('2026-12-07T12:00:00.000Z'));
    expect(nextSlotAfter(sixHours, at('2026-12-07T12:00:00.000Z'))).toEqual(at('2026-12-07T18:00:00.000Z'));
    expect(nextSlotAfter({ kind: 'off' }, at('2026-12-07T12:00:00.000Z'))).toBeNull();
  });

  it('runs the latest slot once when the clock jumped over several', () => {
    const hourly = { kind: 'every', ms: 3_600_000 } as const;
    expect(latestDueSlot(hourly, at('2026-12-07T12:00:00.000Z'), at('2026-12-07T15:30:00.000Z'))).toEqual(at('2026-12-07T15:00:00.000Z'));
    expect(latestDueSlot(hourly, at('2026-12-07T12:00:00.000Z'), at('2026-12-07T12:10:00.000Z'))).toEqual(at('2026-12-07T12:00:00.000Z'));
  });
});
