// Opening the client: the connection string checked before use, and a first call that proves the
// server answers (EventStoreDBClient.connectionString only parses: a wrong host, wrong credentials or a
// TLS mismatch would otherwise surface on the first request a user makes).
import { BACKWARDS, END, EventStoreDBClient } from '@eventstore/db-client';
import { drain } from './reads.js';

/** What is wrong with an EventStoreDB connection string for this adapter, or null. */
export function connectionStringProblem(url: string): string | null {
  const scheme = /^([a-z+]+):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme !== 'esdb' && scheme !== 'esdb+discover') return `EVENTSTORE_URL must start with esdb:// or esdb+discover:// (got ${redact(url)})`;
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  for (const [key, value] of query) {
    // A conflict would then come back as a success without a position instead of an error.
    if (key.toLowerCase() === 'throwonappendfailure' && value.toLowerCase() === 'false') {
      return 'EVENTSTORE_URL sets throwOnAppendFailure=false, which hides conflicts from the adapter: remove it';
    }
  }
  return null;
}

const tlsIsExplicit = (url: string) => [...new URLSearchParams(url.split('?')[1] ?? '').keys()].some((k) => k.toLowerCase() === 'tls');

/** The URL without its password, for messages. */
export const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/**
 * What rules a server version out, or null. 22.6 is the first to send log positions for events read
 * from a stream (before, it sent the end-of-log marker, and checkpoints taken from such reads were
 * garbage); servers before 21.10 do not tell their version at all.
 */
export function serverVersionProblem(version: string): string | null {
  const match = /^(\d+)\.(\d+)\./.exec(version);
  if (!match) return `EventStoreDB did not tell its version (${version}), as servers before 21.10 do not: this adapter needs 22.6 or later`;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  if (major < 22 || (major === 22 && minor < 6)) return `EventStoreDB ${version} is older than 22.6, which this adapter needs`;
  return null;
}

/** The version the server reports (the client asks once and keeps it; 'unknown' before 21.10). */
const serverVersion = async (client: EventStoreDBClient): Promise<string> =>
  (await (client as unknown as { capabilities: Promise<{ serverVersion: string }> }).capabilities).serverVersion;

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
};

export async function openClient(url: string, probeMs: number): Promise<EventStoreDBClient> {
  const problem = connectionStringProblem(url);
  if (problem) throw new Error(problem);
  const client = EventStoreDBClient.connectionString(url);
  let version: string;
  try {
    await drain(client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 }), () => {}, probeMs, 'probing EventStoreDB');
    version = await within(serverVersion(client), probeMs, 'asking EventStoreDB for its version');
  } catch (error) {
    await closeClient(client);
    const hint = tlsIsExplicit(url) ? '' : ' (tls defaults to true: add ?tls=false for an insecure node)';
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`EventStoreDB at ${redact(url)} did not answer: ${reason}${hint}`, { cause: error });
  }
  const refused = serverVersionProblem(version);
  if (refused) {
    await closeClient(client);
    throw new Error(refused);
  }
  return client;
}

/**
 * Cancels the client's calls and closes its connection. dispose() alone only cancels the calls it
 * tracks and leaves the HTTP/2 connection open (6.x has no close). The channel is reached through the
 * client's protected getChannel (6.2.1 is the last release of this client, so it will not move); when
 * no channel exists, getChannel would make one, which for a cluster means a discovery: bounded to 1 s.
 */
export async function closeClient(client: EventStoreDBClient): Promise<void> {
  await client.dispose().catch(() => {});
  const withChannel = client as unknown as { getChannel?: () => Promise<{ close(): void }> };
  if (typeof withChannel.getChannel !== 'function') return;
  const channel = withChannel.getChannel().then((c) => c.close());
  await Promise.race([channel.catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
}
