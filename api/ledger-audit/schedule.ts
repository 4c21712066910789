// When the schedule starts a full audit (LEDGER_AUDIT_EVERY, api/config.ts): nightly at 03:00 UTC by
// default, or every so many minutes, hours or days counted from the epoch, so every API process names the
// same slots and the runs table's unique `scheduled_for` lets one of them run each slot. Only slots after a
// process started are its to run: a deploy does not start an audit for the night it missed.
import type { LedgerAuditSchedule } from '../config.js';

export const NIGHTLY_HOUR_UTC = 3;
const DAY_MS = 24 * 60 * 60_000;

/** The first slot strictly after `after`; null when the schedule is off. */
export const nextSlotAfter = (schedule: LedgerAuditSchedule, after: Date): Date | null => {
  const t = after.getTime();
  switch (schedule.kind) {
    case 'off':
      return null;
    case 'nightly': {
      const offset = NIGHTLY_HOUR_UTC * 60 * 60_000;
      return new Date(Math.floor((t - offset) / DAY_MS) * DAY_MS + offset + DAY_MS);
    }
    case 'every':
      return new Date(Math.floor(t / schedule.ms) * schedule.ms + schedule.ms);
  }
};

/** The latest slot at or before `now`, starting from a slot that is due (a clock that jumped runs the latest once). */
export const latestDueSlot = (schedule: LedgerAuditSchedule, due: Date, now: Date): Date => {
  let slot = due;
  for (let next = nextSlotAfter(schedule, slot); next !== null && next <= now; next = nextSlotAfter(schedule, slot)) slot = next;
  return slot;
};
