// Controls across API processes (PostgreSQL; DESIGN.md §13). A runtime standing by for a follower asks
// the one holding its lock through a row of projection_controls and a NOTIFY (control-rows.ts), and waits
// for the outcome the holder records, up to a timeout. A holder claims the pending controls of the
// followers it holds when it hears the NOTIFY, when a follower it took settles after starting (so a
// control asked while no process held it is not lost), and every few seconds (a NOTIFY missed while
// the listening connection was down), and carries each out as a local call.
import { randomUUID } from 'node:crypto';
import type { SqlConnection } from '../../eventstore/sql-database.js';
import {
  CONTROL_DONE_CHANNEL,
  CONTROLS_CHANNEL,
  claimControls,
  readControl,
  recordOutcome,
  recordRebuildResult,
  requestControl,
  withdrawControl,
  type ControlAction,
  type ControlArguments,
  type ControlError,
  type ControlRow,
} from './control-rows.js';
import { FollowerControlError, type RebuildResult, type RebuildStarted } from './follower-operations.js';
import type { RuntimeLogger } from './logger.js';
import { WakeSignal } from './wake-signal.js';

export interface RemoteControlsOptions {
  sql: SqlConnection;
  runtimeId: string;
  logger: RuntimeLogger;
  /** How long an asker waits for the holder's outcome. */
  timeoutMs: number;
  /** How often a holder looks for pending controls it did not hear of. */
  sweepEveryMs: number;
  /** Row names of the followers this runtime holds and can act on now. */
  servable(): string[];
  /** Carries a claimed control out here, as the same call made in this process would. */
  carryOut(control: ControlRow): Promise<RebuildStarted | void>;
  /** The runtime that holds a follower now, as its row says. */
  holderOf(rowName: string): Promise<string | null>;
}

const CODES = new Set(['NOT_FOUND', 'CONFLICT', 'VALIDATION', 'TIMEOUT']);

const toControlError = (error: unknown): ControlError =>
  error instanceof FollowerControlError ? { code: error.code, message: error.message } : { code: null, message: error instanceof Error ? error.message : String(error) };

/** The holder's refusal, raised in the asker as the error a local call would have raised. */
const fromControlError = (error: ControlError): Error =>
  error.code !== null && CODES.has(error.code) ? new FollowerControlError(error.code as FollowerControlError['code'], error.message) : new Error(error.message);

export const createRemoteControls = (options: RemoteControlsOptions) => {
  const { runtimeId, logger } = options;
  const db = options.sql.handle;
  const abort = new AbortController();
  /** Askers waiting for a control's outcome (or a rebuild's result), woken by its NOTIFY. */
  const waiting = new Map<string, WakeSignal>();
  /** Claims carried out and rebuild results still to record: stop() waits for them. */
  const inFlight = new Set<Promise<unknown>>();
  const unlisten: (() => Promise<void>)[] = [];
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;
  let sweepAgain = false;
  const pollMs = Math.max(50, Math.min(1000, Math.floor(options.timeoutMs / 4)));

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => {});
    return promise;
  };

  const serve = async (control: ControlRow): Promise<void> => {
    let started: RebuildStarted | void;
    try {
      started = await options.carryOut(control);
    } catch (error) {
      await recordOutcome(db, control.id, toControlError(error));
      return;
    }
    await recordOutcome(db, control.id, null);
    if (started) {
      const recorded = started.finished.then((result) => recordRebuildResult(db, control.id, result));
      track(recorded.catch((error: unknown) => logger.warn({ err: error, control: control.id }, 'could not record how a rebuild ended')));
    }
  };

  const sweep = (): Promise<void> => {
    if (abort.signal.aborted) return Promise.resolve();
    if (sweeping) {
      sweepAgain = true;
      return sweeping;
    }
    const run = async () => {
      do {
        sweepAgain = false;
        for (const control of await claimControls(db, options.servable(), runtimeId)) {
          // One outcome that cannot be recorded (its asker times out) does not keep the others from theirs.
          await serve(control).catch((error: unknown) => logger.warn({ err: error, control: control.id }, 'could not record the outcome of a control'));
        }
      } while (sweepAgain && !abort.signal.aborted);
    };
    sweeping = track(run().catch((error: unknown) => logger.warn({ err: error }, 'could not carry out the controls asked of this process'))).finally(
      () => (sweeping = null),
    );
    return sweeping;
  };

  /**
   * Waits, woken by the control's NOTIFY or by polling, until `settled` says the row is done, or the runtime
   * stops, or `giveUp` says so. `begin` runs once the NOTIFY is watched for (so it cannot come first).
   */
  const watch = async (
    id: string,
    settled: (row: ControlRow | null) => boolean,
    giveUp: () => boolean | Promise<boolean>,
    begin?: () => Promise<void>,
  ): Promise<ControlRow | null> => {
    const wake = new WakeSignal(abort.signal);
    waiting.set(id, wake);
    try {
      await begin?.();
      for (;;) {
        wake.take();
        const row = await readControl(db, id);
        if (settled(row) || abort.signal.aborted || (await giveUp())) return row;
        await wake.wait(pollMs);
      }
    } finally {
      waiting.delete(id);
    }
  };

  const stopped = () => new FollowerControlError('CONFLICT', 'The projection runtime stopped before the control was carried out');

  const outcomeOf = (row: ControlRow): ControlRow => {
    if (row.error) throw fromControlError(row.error);
    return row;
  };

  const ask = async (follower: string, action: ControlAction, args: ControlArguments): Promise<ControlRow> => {
    const id = randomUUID();
    const deadline = Date.now() + options.timeoutMs;
    const done = (row: ControlRow | null) => row?.doneAt != null;
    const row = await watch(
      id,
      done,
      () => Date.now() >= deadline,
      () => requestControl(db, { id, follower, action, arguments: args, requestedBy: runtimeId }),
    );
    if (row && done(row)) return outcomeOf(row);
    // Given up (timed out, or this runtime stops): withdrawn unless a holder took it meanwhile, so none
    // carries it out after its asker was told it failed.
    const seconds = Math.round(options.timeoutMs / 100) / 10;
    const timedOut = { code: 'TIMEOUT', message: `No process holding ${follower} took the ${action} within ${seconds} s; it was withdrawn` };
    const reason = abort.signal.aborted ? { code: 'CONFLICT', message: stopped().message } : timedOut;
    if (await withdrawControl(db, id, reason)) throw fromControlError(reason);
    const taken = await readControl(db, id);
    if (taken && done(taken)) return outcomeOf(taken);
    throw new FollowerControlError('TIMEOUT', `${taken?.takenBy ?? 'A process'} took the ${action} of ${follower} but recorded no outcome within ${seconds} s`);
  };

  return {
    async start(): Promise<void> {
      unlisten.push(await options.sql.listen(CONTROLS_CHANNEL, () => void sweep()));
      unlisten.push(await options.sql.listen(CONTROL_DONE_CHANNEL, (id) => waiting.get(id)?.wake()));
      timer = setInterval(() => void sweep(), options.sweepEveryMs);
      timer.unref();
    },

    /** Looks for pending controls of the followers held here now (a follower was just taken over). */
    sweep(): void {
      void sweep();
    },

    /**
     * Asks the holder of `follower` (its row name) to carry out a control; resolves with the recorded row
     * once carried out, rejects with the holder's refusal, or with TIMEOUT when no holder answered in time.
     */
    ask(follower: string, action: ControlAction, args: ControlArguments): Promise<ControlRow> {
      if (abort.signal.aborted) return Promise.reject(stopped());
      return track(ask(follower, action, args));
    },

    /** How a rebuild the holder began ends: its recorded result, or 'stopped' when its holder went away first. */
    finished(control: ControlRow): Promise<RebuildResult> {
      let result: RebuildResult = { status: 'stopped' };
      // The holder published itself before recording that the rebuild began, so another name there means it went away.
      const holderLeft = async () => (await options.holderOf(control.follower).catch(() => control.takenBy)) !== control.takenBy;
      const ended = track(watch(control.id, (row) => row?.result != null, holderLeft)).then((row) => {
        if (row?.result) result = row.result;
        return result;
      });
      return ended.catch(() => result);
    },

    async stop(): Promise<void> {
      abort.abort();
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.all(unlisten.splice(0).map((off) => off().catch(() => {})));
      await Promise.allSettled([...inFlight]);
    },
  };
};
