// Group commit for the store's hot calls. Under load many requests append (or read streams) at the
// same moment, and each round trip costs PostgreSQL a statement, a transaction and a WAL flush and
// costs this process a query through the driver: more than the rows themselves (bench/notes.md). A
// coalescer sends calls as they come while fewer than `maxInFlight` batches are out, and gathers the
// calls that arrive meanwhile into the next batch, so an idle server answers one call at once and a
// busy one sends a batch per round trip instead of a call. Calls whose keys meet a call already in the
// batch (two appends to one stream) wait for the next one, so a batch never holds two of them.

export type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface CoalescerOptions<I, O> {
  /** One outcome per input, in the order given. A throw fails every call of the batch. */
  run(batch: readonly I[]): Promise<readonly Settled<O>[]>;
  /** Batches out at once (default 1). */
  maxInFlight?: number;
  /** Calls per batch at most (default 64). */
  maxBatch?: number;
  /** Keys of which a batch may hold each only once. */
  keysOf?(input: I): readonly string[];
}

interface Waiting<I, O> {
  input: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export interface Coalescer<I, O> {
  submit(input: I): Promise<O>;
}

export const settle = async <O>(work: Promise<O>): Promise<Settled<O>> => {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    return { ok: false, error };
  }
};

export function createCoalescer<I, O>(options: CoalescerOptions<I, O>): Coalescer<I, O> {
  const maxInFlight = options.maxInFlight ?? 1;
  const maxBatch = options.maxBatch ?? 64;
  let queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const take = (): Waiting<I, O>[] => {
    if (!options.keysOf) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      return batch;
    }
    const batch: Waiting<I, O>[] = [];
    const rest: Waiting<I, O>[] = [];
    const keys = new Set<string>();
    for (const waiting of queue) {
      const own = options.keysOf(waiting.input);
      if (batch.length >= maxBatch || own.some((key) => keys.has(key))) {
        rest.push(waiting);
        continue;
      }
      for (const key of own) keys.add(key);
      batch.push(waiting);
    }
    queue = rest;
    return batch;
  };

  const send = async (batch: Waiting<I, O>[]) => {
    try {
      const outcomes = await options.run(batch.map((w) => w.input));
      if (outcomes.length !== batch.length) throw new Error(`A batch of ${batch.length} calls answered ${outcomes.length} outcomes`);
      batch.forEach((waiting, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) waiting.resolve(outcome.value);
        else waiting.reject(outcome.error);
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  };

  const flush = () => {
    scheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = take();
      inFlight += 1;
      void send(batch).finally(() => {
        inFlight -= 1;
        flush();
      });
    }
  };

  return {
    submit(input) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        // Calls made in the same tick go out together; later ones wait for a free slot.
        if (!scheduled && inFlight < maxInFlight) {
          scheduled = true;
          queueMicrotask(flush);
        }
      });
    },
  };
}
