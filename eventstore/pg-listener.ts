// A dedicated pg.Client for LISTEN (a pooled connection would be handed to other queries and lose
// its subscriptions). Reconnects with backoff when the connection drops and re-issues every LISTEN.
// Notifications sent while it is down are lost: readers keep a polling fallback for that reason.
import pg from 'pg';

type Callback = (payload: string) => void;

export interface ListenOptions {
  /**
   * Skip what this listener's own connection sent (notify() goes out on it while it is up). For a
   * caller that already heard its process's news in-process: PostgreSQL echoes a NOTIFY to its own
   * session, which would wake it a second time. A NOTIFY sent on the fallback pool still arrives.
   */
  othersOnly?: boolean;
}

interface Subscriber {
  callback: Callback;
  othersOnly: boolean;
}

/** Channels are plain lower-case identifiers so LISTEN "x" and pg_notify('x', ...) always agree. */
export function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid LISTEN channel name: ${channel}`);
  return `"${channel}"`;
}

export class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly channels = new Map<string, Set<Subscriber>>();
  private closed = false;
  private retryDelayMs = 100;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly config: pg.ClientConfig) {}

  async listen(channel: string, callback: Callback, options: ListenOptions = {}): Promise<() => Promise<void>> {
    const quoted = quoteChannel(channel);
    let subscribers = this.channels.get(channel);
    const first = !subscribers;
    if (!subscribers) this.channels.set(channel, (subscribers = new Set()));
    const subscriber: Subscriber = { callback, othersOnly: options.othersOnly === true };
    subscribers.add(subscriber);
    const client = await this.connect();
    if (first) await client.query(`LISTEN ${quoted}`);
    return async () => {
      const set = this.channels.get(channel);
      if (!set?.delete(subscriber) || set.size > 0) return;
      this.channels.delete(channel);
      await this.client?.query(`UNLISTEN ${quoted}`).catch(() => {});
    };
  }

  /** Sends on the LISTEN connection when it is up (it is idle otherwise), else on the fallback pool. */
  async notify(channel: string, payload: string, fallback: pg.Pool): Promise<void> {
    quoteChannel(channel);
    const target = this.client ?? (this.channels.size > 0 ? await this.connect().catch(() => null) : null);
    await (target ?? fallback).query('select pg_notify($1, $2)', [channel, payload]);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client(this.config);
    client.on('notification', (msg) => {
      // pg keeps the backend's pid from BackendKeyData as `processID`; @types/pg does not declare it.
      const own = msg.processId === (client as pg.Client & { processID?: number }).processID;
      for (const { callback, othersOnly } of this.channels.get(msg.channel) ?? []) {
        if (!(own && othersOnly)) callback(msg.payload ?? '');
      }
    });
    const onDrop = () => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on('error', onDrop);
    client.on('end', onDrop);
    await client.connect();
    for (const channel of this.channels.keys()) await client.query(`LISTEN ${quoteChannel(channel)}`);
    if (this.closed) {
      await client.end();
      throw new Error('Listener closed');
    }
    this.client = client;
    this.retryDelayMs = 100;
    return client;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed || this.channels.size === 0) return;
      this.connect().catch(() => {
        this.retryDelayMs = Math.min(this.retryDelayMs * 2, 5_000);
        this.scheduleReconnect();
      });
    }, this.retryDelayMs);
    this.retryTimer.unref();
  }
}
