// Conformance adapter for EventStoreDB: EVENTSTORE_URL when set, else a throwaway container started
// through testcontainers when a Docker engine answers quickly. EVENTSTORE_URL should name a server of
// its own (e.g. --mem-db, RunProjections=None): the suite counts events after its own head, so other
// writers on a shared server break the exact-count cases.
import { createEventStoreDbEventStore } from '../../eventstore/eventstoredb-event-store.js';
import type { EventStore } from '../../eventstore/types.js';
import type { ConformanceAdapter } from './conformance-helpers.js';

const IMAGE = 'eventstore/eventstore:24.10';

type Probe = { adapter: ConformanceAdapter; reason?: never } | { adapter?: never; reason: string };

function adapterFor(url: () => Promise<{ url: string; stop(): Promise<void> }>): ConformanceAdapter {
  return {
    name: 'eventstoredb',
    heldTransactions: 'none',
    async open() {
      const server = await url();
      const stores: EventStore[] = [];
      const store = await createEventStoreDbEventStore({ url: server.url });
      return {
        store,
        async openSecondStore() {
          const other = await createEventStoreDbEventStore({ url: server.url });
          stores.push(other);
          return other;
        },
        async close() {
          await store.close();
          for (const s of stores) await s.close().catch(() => {});
          await server.stop();
        },
      };
    },
  };
}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms).unref())]);

export async function eventStoreDbAdapter(): Promise<Probe> {
  const configured = process.env.EVENTSTORE_URL;
  if (configured) return { adapter: adapterFor(async () => ({ url: configured, stop: async () => {} })) };
  try {
    const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
    await withTimeout(getContainerRuntimeClient(), 5_000, 'Docker');
    return {
      adapter: adapterFor(async () => {
        const container = await new GenericContainer(IMAGE)
          .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_MEM_DB: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None' })
          .withExposedPorts(2113)
          .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
          .start();
        const url = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
        return { url, stop: async () => void (await container.stop()) };
      }),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { reason: `no EVENTSTORE_URL and no Docker engine: ${message}` };
  }
}
