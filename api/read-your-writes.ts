// Read-your-writes at the member's next request (docs/decisions.md 43). A route that answers from the
// write itself (the booking: its view is built from SessionRequested) need not hold its answer until
// the projections have applied the write: it notes the checkpoint here for the members the write
// concerns (the booking's student and mentor) and answers at once. Any later request of those members,
// of any method, first waits until the read models show that write, so what they read next is never
// older than the answer: the student sees the booking they were told of, and so does the mentor on a
// page loaded after it. Everyone else learns of the change through the websocket, as before.
//
// The wait is bounded by the runtime's waitFor (5 s): past it the request goes on and reads what the
// read models hold (the write is durable; its websocket notice follows when the projections catch
// up), and `onLate` is told. Only this process's answers are noted: a second API process does not
// run the projectors (one process holds their locks), so its waitFor never waited either.
import type { Checkpoint } from '../eventstore/types.js';
import type { ProjectionRuntimeView } from './deps.js';

export interface ReadYourWrites {
  /** A write at this checkpoint was answered; it concerns these members. */
  wrote(memberIds: readonly string[], checkpoint: Checkpoint): void;
  /** Settles once the read models show every write the member was answered for; undefined when none is pending. */
  pendingFor(memberId: string): Promise<void> | undefined;
  /** Members with a write the read models do not show yet. */
  size(): number;
}

export const createReadYourWrites = (
  runtime: Pick<ProjectionRuntimeView, 'waitFor'>,
  onLate: (memberIds: readonly string[], error: unknown) => void = () => {},
): ReadYourWrites => {
  const pending = new Map<string, Promise<void>>();
  return {
    wrote(memberIds, checkpoint) {
      const caughtUp = runtime.waitFor(checkpoint).then(
        () => undefined,
        (error: unknown) => onLate(memberIds, error),
      );
      for (const memberId of new Set(memberIds)) {
        // Two writes concerning one member answered concurrently: the next request waits for both,
        // whatever order their checkpoints are in.
        const before = pending.get(memberId);
        const entry = before ? Promise.all([before, caughtUp]).then(() => undefined) : caughtUp;
        pending.set(memberId, entry);
        void entry.then(() => {
          if (pending.get(memberId) === entry) pending.delete(memberId);
        });
      }
    },
    pendingFor(memberId) {
      return pending.get(memberId);
    },
    size() {
      return pending.size;
    },
  };
};
