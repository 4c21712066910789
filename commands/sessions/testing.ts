// Given-helpers for the session integration tests (imported by *.int.test.ts only): members made
// through the real member and ledger commands, and views of ledgers, cells and due sessions read
// straight from the event store.
import { randomUUID } from 'node:crypto';
import type { AvailabilityInput } from '../../domain/member/commands.js';
import { holderOf, slotDecider } from '../../domain/slot/decider.js';
import { sessionDecider } from '../../domain/session/decide.js';
import { endsAtMs } from '../../domain/session/rules.js';
import { hourOfCell, slotsCovered } from '../../domain/slot/slots-covered.js';
import { DomainError } from '../../domain/shared.js';
import { appendInOrder } from '../../eventstore/append-many.js';
import type { EventStore } from '../../eventstore/types.js';
import type { ProcessRuntime } from '../runtime/types.js';
import { loadLedger } from '../ledger.js';
import { registerMember, updateProfile } from '../members.js';
import { sessionStreamId, slotHourStreamId } from '../stream-ids.js';
import type { DueSessions } from './scheduler.js';

/** Monday 2 March 2026, 08:00 UTC: the week's weekday availability is all ahead. */
export const MONDAY = '2026-03-02T08:00:00.000Z';
export const WEEKDAYS_9_TO_17: AvailabilityInput[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => ({
  day,
  startTime: '09:00',
  endTime: '17:00',
}));

/** What the helpers below take: a TestEventStore's `commands`, or wireTestCommands(store). */
export type Commands = { runtime: ProcessRuntime };

export const newMember = async (commands: Commands, timeZone = 'UTC'): Promise<string> => {
  const memberId = randomUUID();
  await registerMember(commands, { memberId, email: `${memberId.slice(0, 8)}@example.com`, name: `M ${memberId.slice(0, 4)}`, timeZone, now: MONDAY });
  return memberId;
};

export const newMentor = async (
  commands: Commands,
  options: { pointsPerHour?: number; timeZone?: string; availability?: AvailabilityInput[] } = {},
): Promise<{ mentorId: string; skillId: string }> => {
  const mentorId = await newMember(commands, options.timeZone ?? 'UTC');
  const { member } = await updateProfile(commands, {
    memberId: mentorId,
    actorId: mentorId,
    now: MONDAY,
    patch: {
      skillsToTeach: [{ name: 'React', description: 'Hooks and state', experienceLevel: 'advanced', pointsPerHour: options.pointsPerHour ?? 1 }],
      availability: options.availability ?? WEEKDAYS_9_TO_17,
    },
  });
  return { mentorId, skillId: member.skillsToTeach[0]!.id };
};

/** The refusal a command answered with (code and text); anything else, including success, fails the test. */
export const refusal = async (attempt: Promise<unknown>): Promise<{ code: string; message: string }> => {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`Expected a DomainError, got ${String(error)}`);
  return { code: error.code, message: error.message };
};

export const balanceOf = async (commands: Commands, memberId: string) => {
  const { available, held } = await loadLedger(commands, memberId);
  return { available, held };
};

/** Double-entry check over the given members: what they have equals what they were granted (3 each). */
export const ledgerTotals = async (commands: Commands, memberIds: readonly string[]) => {
  const balances = await Promise.all(memberIds.map((id) => balanceOf(commands, id)));
  return {
    total: balances.reduce((sum, b) => sum + b.available + b.held, 0),
    granted: 3 * memberIds.length,
    anyNegative: balances.some((b) => b.available < 0 || b.held < 0),
  };
};

/** The session holding each cell of the interval (null for a free cell). */
export const cellHolders = async (commands: Commands, mentorId: string, startsAt: string, durationHours: number) =>
  Promise.all(
    slotsCovered(startsAt, durationHours).map(async (cell) => {
      const { state } = await commands.runtime.load(slotDecider, slotHourStreamId(mentorId, hourOfCell(cell)));
      return holderOf(state, cell);
    }),
  );

export const sessionState = async (commands: Commands, sessionId: string) => (await commands.runtime.load(sessionDecider, sessionStreamId(sessionId))).state;

/** What the sessions read model will answer, computed from the session streams themselves. */
export const dueAmong =
  (commands: Commands, sessionIds: readonly string[]) =>
  async (now: string): Promise<DueSessions> => {
    const due: DueSessions = { expire: [], complete: [] };
    for (const id of sessionIds) {
      const state = await sessionState(commands, id);
      if (state.status === 'requested' && Date.parse(state.session.startsAt) <= Date.parse(now)) due.expire.push(id);
      const on = state.status === 'confirmed' || state.status === 'modification_pending';
      if (on && endsAtMs(state.session.startsAt, state.session.durationHours) <= Date.parse(now)) due.complete.push(id);
    }
    return due;
  };

/**
 * The same store, except that the first `parties` appends (single or multi-stream) to streams matching
 * `streams` wait for each other: every racer has then done all its earlier steps (checks, hold) before any of them
 * writes there, so the race is certain rather than a matter of scheduling.
 */
export const withAppendBarrier = (store: EventStore, streams: (streamId: string) => boolean, parties: number): EventStore => {
  let arrived = 0;
  let release!: () => void;
  const allArrived = new Promise<void>((resolve) => (release = resolve));
  const barrier = async (touches: boolean) => {
    if (touches && arrived < parties) {
      arrived += 1;
      if (arrived === parties) release();
      await allArrived;
    }
  };
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'append') {
        return async (...args: Parameters<EventStore['append']>) => {
          await barrier(streams(args[0]));
          return target.append(...args);
        };
      }
      if (property === 'appendMany') {
        return async (...args: Parameters<EventStore['appendMany']>) => {
          await barrier(args[0].some((a) => streams(a.streamId)));
          return target.appendMany(...args);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};

/**
 * The same store as one without transactions across streams (EventStoreDB): appendMany writes one
 * stream after the other, so the booking takes its step-by-step path. Lets the tests cover that path
 * on PostgreSQL and PGlite.
 */
export const asInOrderStore = (store: EventStore): EventStore =>
  new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'multiStreamAppend') return 'in-order';
      if (property === 'appendMany') return (...[appends, options]: Parameters<EventStore['appendMany']>) => appendInOrder(target, appends, options);
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
