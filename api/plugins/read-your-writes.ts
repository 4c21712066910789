// The one consistency policy of the API's command routes (docs/decisions.md, decisions 47 and 222; extends decision 43).
// After its command a route calls `reply.afterWrite(result, memberIds)` with the command's result (its
// checkpoint and events) and the members the write concerns (the actor and the other participants), and
// answers. Only the interactive read models that handle one of the write's event types are waited for
// (the projection runtime's waitFor): a lagging read model the write never reaches holds nobody back. Any later request of those members, of
// any method on any route, first waits until the read models show that write, so what they read next is
// never older than what they were told. Everyone else learns of the change through the websocket.
//
// afterWrite returns the same wait for the route itself: a route that answers from the write (the
// booking, a thread message) or with nothing the read models show ({ ok: true }) does not await it; a
// route that answers with a query (a session after approve) awaits it first, since that query is the
// first read after the write. No route calls runtime.waitFor itself.
//
// Every wait is bounded by the runtime's waitFor (5 s): past it the request goes on and reads what the
// read models hold (the write is durable; its websocket notice follows when the projections catch up),
// and a warning is logged. Only this process's writes are noted: a second API process does not run the
// projectors (one process holds their locks), so its waitFor never waited either.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Checkpoint } from '../../eventstore/types.js';
import type { ProjectionRuntimeView } from '../deps.js';
import { ReadModelBehindError } from './database-errors.js';

/** What a write appended, as a command's result says it: its last checkpoint (null when nothing) and its events. */
export interface Written {
  checkpoint: Checkpoint | null;
  events: readonly { type: string }[];
}

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Notes a write for the members it concerns: their next requests wait until the read models show
     * it. Settles (never rejects) once they do, or once the wait's bound has passed; await it only to
     * answer with a query. A null checkpoint (nothing written) settles at once.
     */
    afterWrite(written: Written, memberIds: readonly string[]): Promise<void>;
    /**
     * afterWrite, awaited, then `read`: the answer of a route that answers a write with a query. The write
     * succeeded, so a row the read does not find (null or undefined) is a read model behind it (the wait's
     * bound passed: a projector recovering from a lost connection), never a missing thing: 503, the change
     * may need a check (decision 377), not a 404 for what the member just wrote; the error monitor records it.
     */
    answerAfterWrite<T>(written: Written, memberIds: readonly string[], read: () => Promise<T | null | undefined>): Promise<T>;
  }
}

export interface ReadYourWrites {
  /** A write at this checkpoint, of these event types, concerns these members; settles when the read models show it (or late). */
  wrote(memberIds: readonly string[], checkpoint: Checkpoint, touched?: readonly string[]): Promise<void>;
  /** Settles once the read models show every write noted for the member; undefined when none is pending. */
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
    wrote(memberIds, checkpoint, touched) {
      const caughtUp = runtime.waitFor(checkpoint, undefined, touched).then(
        () => undefined,
        (error: unknown) => onLate(memberIds, error),
      );
      for (const memberId of new Set(memberIds)) {
        // Two writes concerning one member noted concurrently: the next request waits for both,
        // whatever order their checkpoints are in.
        const before = pending.get(memberId);
        const entry = before ? Promise.all([before, caughtUp]).then(() => undefined) : caughtUp;
        pending.set(memberId, entry);
        void entry.then(() => {
          if (pending.get(memberId) === entry) pending.delete(memberId);
        });
      }
      return caughtUp;
    },
    pendingFor(memberId) {
      return pending.get(memberId);
    },
    size() {
      return pending.size;
    },
  };
};

/** Told of every write noted by a route, before the members' next requests can run (the user cache). */
export interface NotedWrites {
  onWrite(listener: (memberIds: readonly string[]) => void): void;
  /** Told when the read models show a noted write (or its wait's bound passed), before its members' next requests run. */
  onShown(listener: (memberIds: readonly string[]) => void): void;
}

/**
 * Decorates every reply with afterWrite and holds a signed-in member's request while a write noted for
 * them is not shown yet. Register after the session plugin (the hook reads request.session).
 */
export const registerReadYourWrites = (app: FastifyInstance, runtime: Pick<ProjectionRuntimeView, 'waitFor'>): NotedWrites => {
  const readYourWrites = createReadYourWrites(runtime, (memberIds, error) =>
    app.log.warn({ memberIds, err: error }, 'the read models did not show a write in time; the requests waiting for it go on'),
  );
  const listeners: ((memberIds: readonly string[]) => void)[] = [];
  const shownListeners: ((memberIds: readonly string[]) => void)[] = [];
  const settled = Promise.resolve();
  app.decorateReply('afterWrite', function ({ checkpoint, events }: Written, memberIds: readonly string[]) {
    if (checkpoint === null) return settled;
    for (const listener of listeners) listener(memberIds);
    const shown = readYourWrites.wrote(memberIds, checkpoint, [...new Set(events.map((event) => event.type))]);
    // Registered before any later request can wait on the same promise, so it runs first.
    if (shownListeners.length > 0) void shown.then(() => shownListeners.forEach((listener) => listener(memberIds)));
    return shown;
  });
  app.decorateReply('answerAfterWrite', async function <
    T,
  >(this: FastifyReply, written: Written, memberIds: readonly string[], read: () => Promise<T | null | undefined>) {
    await this.afterWrite(written, memberIds);
    const shown = await read();
    if (shown === null || shown === undefined) throw new ReadModelBehindError(`${this.request.method} ${this.request.routeOptions.url ?? this.request.url}`);
    return shown;
  });
  // A callback hook, not an async one: every request runs it, and almost none has anything to wait for.
  app.addHook('onRequest', (request, _reply, done) => {
    const pending = request.session ? readYourWrites.pendingFor(request.session.memberId) : undefined;
    if (pending) void pending.then(() => done());
    else done();
  });
  return {
    onWrite: (listener) => void listeners.push(listener),
    onShown: (listener) => void shownListeners.push(listener),
  };
};
