// The HTTP side of the projection runtime's read seams (projections/runtime/read-seams.ts; decision
// 279): the caches of declared queries and the in-memory copies of declared read models are the
// runtime's; here they are told what only the API knows, and the answers made from a shared value are
// serialised once.
// - When the read models show a write noted in this process (reply.afterWrite), every cache is cleared and
//   every copy catches up before the requests waiting for that write go on (read-your-writes.ts), so
//   nobody here is answered from before it: the writer, the members it concerns, and the next reader too.
// - The change notices go to `noticed`, which the composition root calls ahead of the websocket hub, so a
//   socket told to refetch never gets the value from before the change.
// - The copies are loaded as the server starts rather than by the first read (a second or two for the
//   skill search's 50,000 skills).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ChangeNotice } from '../../projections/types.js';
import type { ReadSeams } from '../../projections/runtime/read-seams.js';
import type { NotedWrites } from './read-your-writes.js';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * The route's answer made from a shared value and what of the member it depends on (`personal`, a short
     * key): serialised once per value and key, and sent as it is to every member with the same key.
     */
    sendShared(shared: object, personal: string, answer: () => unknown): FastifyReply;
  }
}

export interface SharedReads {
  noticed(notices: readonly ChangeNotice[]): void;
}

export const registerSharedReads = (app: FastifyInstance, writes: NotedWrites, reads: Pick<ReadSeams<unknown>, 'noticed' | 'shown' | 'warm'>): SharedReads => {
  writes.onShown(() => reads.shown());
  app.addHook('onReady', async () => {
    reads.warm((name, err) => app.log.warn({ err }, `${name}: first load failed; the next read tries again`));
  });

  // Answers live as long as their shared value: a cleared value takes its answers with it.
  const answers = new WeakMap<object, Map<string, string>>();
  app.decorateReply('sendShared', function (this: FastifyReply, shared: object, personal: string, answer: () => unknown) {
    let known = answers.get(shared);
    if (!known) answers.set(shared, (known = new Map()));
    let body = known.get(personal);
    if (body === undefined) {
      body = this.serialize(answer()) as string;
      if (known.size < 64) known.set(personal, body);
    }
    return this.type('application/json; charset=utf-8').send(body);
  });

  return { noticed: (notices) => reads.noticed(notices) };
};
