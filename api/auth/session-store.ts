// Server-side sign-in sessions (DESIGN.md §6, issue 19 point 1). The cookie carries only a random id
// (256 bits); the record behind it says who is signed in and ends with sign-out, "sign out everywhere",
// SESSION_IDLE_MINUTES without a request or SESSION_MAX_DAYS after sign-in, all read on the injected clock.
// Every request needs its session, so records are remembered in the process for a few seconds
// (session-cache.ts); a revocation evicts at once here and, through NOTIFY, in every other process.
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SqlConnection } from '../../eventstore/sql-database.js';
import { createSessionCache } from './session-cache.js';
import { migrateSessionTable, SESSIONS_TABLE, type SessionTables } from './session-table.js';

export interface SessionMember {
  memberId: string;
  email: string;
  /** The provider vouched for the e-mail; only then may it make an admin. */
  emailVerified: boolean;
  /** The record's key (the hash of the cookie's id); names the session in revocations. */
  sessionKey: string;
}

interface KnownSession {
  member: SessionMember;
  createdAt: number;
  /** As last written (or about to be written) to the record, epoch ms on the injected clock. */
  lastSeenAt: number;
}

export type Revocation = { sessionKey: string } | { memberId: string };

export interface SessionStore {
  /** A new session with a new id: the cookie's value. */
  create(member: Omit<SessionMember, 'sessionKey'>): Promise<{ id: string; sessionKey: string }>;
  /**
   * The live session under this key, or null (unknown, revoked, idle too long, or too old). A find
   * counts as the session's use unless `touch: false` (a websocket's checks are not the member's doing).
   */
  find(sessionKey: string, options?: { touch?: boolean }): Promise<SessionMember | null>;
  revoke(sessionKey: string): Promise<void>;
  /** Revokes every session of the member; returns how many were live. */
  revokeAll(memberId: string): Promise<number>;
  /** Hears every revocation: this process's at once, other processes' as their NOTIFY arrives. */
  onRevoked(listener: (revocation: Revocation) => void): void;
  /** Creates the table and starts hearing other processes; returns the stop. */
  start(): Promise<() => Promise<void>>;
}

export interface SessionStoreOptions {
  sql: SqlConnection;
  clock: () => Date;
  idleMs: number;
  maxAgeMs: number;
  /** How long a record is remembered without asking the database (bounds a missed NOTIFY). */
  cacheTtlMs?: number;
  onError?: (error: unknown) => void;
}

const CHANNEL = 'skillswap_sign_in_revoked';
/** last_seen_at is written at most this often per session: a write per request would cost more than the read. */
const TOUCH_EVERY_MS = 60_000;
const CLEAN_EVERY_MS = 60 * 60_000;
const SEEN_WRITE_DELAY_MS = 250;

export const sessionKeyOf = (id: string): string => createHash('sha256').update(id).digest('base64url');

export const createSessionStore = (opts: SessionStoreOptions): SessionStore => {
  const db = opts.sql.handle as Kysely<SessionTables>;
  const onError = opts.onError ?? (() => {});
  const listeners: ((revocation: Revocation) => void)[] = [];
  let lastCleanAt = 0;

  type SessionRow = { id: string; member_id: string; email: string; email_verified: boolean; created_at: Date | string; last_seen_at: Date | string };
  const knownOf = (row: SessionRow): KnownSession => ({
    member: { memberId: row.member_id, email: row.email, emailVerified: row.email_verified, sessionKey: row.id },
    createdAt: new Date(row.created_at).getTime(),
    lastSeenAt: new Date(row.last_seen_at).getTime(),
  });
  // The records missing from the cache in one turn of the event loop are read together: under load many
  // members' first requests arrive at once, and one statement for all of them costs about what one costs.
  const waiting = new Map<string, { resolve: (known: KnownSession | null) => void; reject: (error: unknown) => void }[]>();
  const readWaiting = async () => {
    const batch = new Map(waiting);
    waiting.clear();
    try {
      const rows = (await db
        .selectFrom(SESSIONS_TABLE)
        .selectAll()
        .where(sql<boolean>`id = any(${[...batch.keys()]}::text[])`)
        .where('revoked_at', 'is', null)
        .execute()) as SessionRow[];
      const byKey = new Map(rows.map((row) => [row.id, knownOf(row)]));
      for (const [key, callers] of batch) for (const caller of callers) caller.resolve(byKey.get(key) ?? null);
    } catch (error) {
      for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
    }
  };
  const load = (sessionKey: string) =>
    new Promise<KnownSession | null>((resolve, reject) => {
      if (waiting.size === 0) setImmediate(() => void readWaiting());
      const callers = waiting.get(sessionKey) ?? [];
      callers.push({ resolve, reject });
      waiting.set(sessionKey, callers);
    });
  // Uses are written together too, a quarter of a second after the first: the write is a hint for the
  // idle lifetime (which the remembered record already enforces in this process), not a request's result.
  const seen = new Map<string, number>();
  let writingSeen: ReturnType<typeof setTimeout> | null = null;
  const writeSeen = async () => {
    writingSeen = null;
    if (seen.size === 0) return;
    const batch = [...seen];
    seen.clear();
    const keys = batch.map(([key]) => key);
    const times = batch.map(([, at]) => new Date(at).toISOString());
    await sql`update ${sql.table(SESSIONS_TABLE)} as s set last_seen_at = v.seen
      from unnest(${keys}::text[], ${times}::timestamptz[]) as v(id, seen)
      where s.id = v.id and s.last_seen_at < v.seen`
      .execute(db)
      .then(() => {}, onError);
  };
  const noteSeen = (sessionKey: string, at: number) => {
    seen.set(sessionKey, at);
    if (!writingSeen) writingSeen = setTimeout(() => void writeSeen(), SEEN_WRITE_DELAY_MS).unref();
  };
  const cache = createSessionCache({ load, memberOf: (known) => known.member.memberId, ttlMs: opts.cacheTtlMs ?? 5_000, maxEntries: 10_000 });

  const revoked = (revocation: Revocation) => {
    if ('sessionKey' in revocation) cache.evict(revocation.sessionKey);
    else cache.evictMember(revocation.memberId);
    for (const listener of listeners) listener(revocation);
  };
  // Sent from a pool connection, so this process hears its own NOTIFY too (harmless: evicting twice).
  const announce = (revocation: Revocation) => sql`select pg_notify(${CHANNEL}, ${JSON.stringify(revocation)})`.execute(db).then(() => {}, onError);

  // Dead records go now and then, at a sign-in rather than on a timer of its own.
  const cleanUp = async (now: Date) => {
    if (now.getTime() - lastCleanAt < CLEAN_EVERY_MS) return;
    lastCleanAt = now.getTime();
    await db
      .deleteFrom(SESSIONS_TABLE)
      .where((w) =>
        w.or([
          w('revoked_at', 'is not', null),
          w('last_seen_at', '<', new Date(now.getTime() - opts.idleMs)),
          w('created_at', '<', new Date(now.getTime() - opts.maxAgeMs)),
        ]),
      )
      .execute();
  };

  return {
    async create(member) {
      const now = opts.clock();
      await cleanUp(now).catch(onError);
      const id = randomBytes(32).toString('base64url');
      const sessionKey = sessionKeyOf(id);
      await db
        .insertInto(SESSIONS_TABLE)
        .values({
          id: sessionKey,
          member_id: member.memberId,
          email: member.email,
          email_verified: member.emailVerified,
          created_at: now,
          last_seen_at: now,
          revoked_at: null,
        })
        .execute();
      return { id, sessionKey };
    },

    async find(sessionKey, { touch = true } = {}) {
      const known = await cache.get(sessionKey);
      if (!known) return null;
      const now = opts.clock().getTime();
      if (now - known.createdAt >= opts.maxAgeMs || now - known.lastSeenAt >= opts.idleMs) return null;
      if (touch && now - known.lastSeenAt >= TOUCH_EVERY_MS) {
        // Noted in the remembered record first, so concurrent requests do not all write.
        known.lastSeenAt = now;
        noteSeen(sessionKey, now);
      }
      return known.member;
    },

    async revoke(sessionKey) {
      await db.updateTable(SESSIONS_TABLE).set({ revoked_at: opts.clock() }).where('id', '=', sessionKey).where('revoked_at', 'is', null).execute();
      revoked({ sessionKey });
      await announce({ sessionKey });
    },

    async revokeAll(memberId) {
      const result = await db
        .updateTable(SESSIONS_TABLE)
        .set({ revoked_at: opts.clock() })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      revoked({ memberId });
      await announce({ memberId });
      return Number(result.numUpdatedRows);
    },

    onRevoked(listener) {
      listeners.push(listener);
    },

    async start() {
      await migrateSessionTable(opts.sql.handle);
      const unlisten = await opts.sql.listen(CHANNEL, (payload) => {
        try {
          const revocation = JSON.parse(payload) as Partial<{ sessionKey: string; memberId: string }>;
          if (typeof revocation.sessionKey === 'string') revoked({ sessionKey: revocation.sessionKey });
          else if (typeof revocation.memberId === 'string') revoked({ memberId: revocation.memberId });
        } catch (error) {
          onError(error);
        }
      });
      return async () => {
        if (writingSeen) clearTimeout(writingSeen);
        await writeSeen();
        await unlisten();
      };
    },
  };
};
