// One process owns a PGlite data directory: PGlite is PostgreSQL in one process without a postmaster,
// so a second process opening the same files (a rebuild or migration next to `npm start`) corrupts
// them. The owner holds a lock file in the directory, created atomically ('wx'); anyone else is
// refused at once with who holds it and what to do. A lock whose process is gone is taken over.
import { readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LOCK_FILE_NAME = 'skillswap.lock';

export interface LockHolder {
  pid: number;
  command: string;
  since: string;
  /** The holder's start time in clock ticks since boot (Linux), so a reused pid is not taken for it. */
  startTicks?: string;
}

export class DataDirectoryLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The PGlite data directory ${dataDir} is in use by process ${holder.pid} (${holder.command}) since ${holder.since}. ` +
        'Only one process may open it at a time; a second one would corrupt it. ' +
        `Stop that process first (Ctrl-C in its terminal, or kill ${holder.pid}), then run this again. ` +
        'To rebuild read models while the app keeps serving, run it on PostgreSQL (DATABASE_URL), where rebuilds are safe. ' +
        `If process ${holder.pid} is not SkillSwap, delete ${join(dataDir, LOCK_FILE_NAME)}.`,
    );
    this.name = 'DataDirectoryLockedError';
  }
}

export interface DataDirectoryLock {
  release(): void;
}

/** Field 22 of /proc/<pid>/stat (start time) and field 3 (state), or null where there is no /proc. */
const procStat = (pid: number | 'self'): { state: string; startTicks: string } | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, startTicks: fields[19]! };
  } catch {
    return null;
  }
};

const isAlive = (holder: LockHolder): boolean => {
  // Our own pid but not held here (checked first): left behind by an earlier process with this pid.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false; // ESRCH: no such process
  }
  const stat = procStat(holder.pid);
  if (!stat) return true;
  // A zombie has exited; a different start time means the pid now belongs to someone else.
  return stat.state !== 'Z' && (holder.startTicks === undefined || holder.startTicks === stat.startTicks);
};

// Directories this process holds: a second open in the same process would corrupt them just the same.
const heldHere = new Map<string, LockHolder>();
const heldFiles = new Set<string>();
process.on('exit', () => {
  // A process.exit() without closing the database: leave no lock behind (a crash leaves a stale one).
  for (const file of heldFiles) {
    try {
      unlinkSync(file);
    } catch {
      // gone already
    }
  }
});

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The lock's holder; 'none' when there is no lock file (any more), 'unreadable' when its content is no holder's. */
const readHolder = (file: string): LockHolder | 'none' | 'unreadable' => {
  // Created empty and written a moment later by its taker: an empty or partial read is read again.
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
      if (Number.isInteger(holder.pid) && holder.pid > 0) return holder;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
    }
    pause(20);
  }
  return 'unreadable'; // garbage, or its writer died mid-write: nobody's lock
};

/** The live holder of a directory's lock, without taking it (npm start asks before building the client). */
export const liveLockHolder = (dataDir: string): LockHolder | null => {
  let dir: string;
  try {
    dir = realpathSync(resolve(dataDir));
  } catch {
    return null; // no directory yet: nobody holds it
  }
  const holder = heldHere.get(dir) ?? readHolder(join(dir, LOCK_FILE_NAME));
  return typeof holder === 'object' && (heldHere.has(dir) || isAlive(holder)) ? holder : null;
};

export const lockDataDirectory = (dataDir: string): DataDirectoryLock => {
  const dir = realpathSync(resolve(dataDir));
  const file = join(dir, LOCK_FILE_NAME);
  const inProcess = heldHere.get(dir);
  if (inProcess) throw new DataDirectoryLockedError(dir, inProcess);
  const me: LockHolder = { pid: process.pid, command: process.argv.join(' '), since: new Date().toISOString(), startTicks: procStat('self')?.startTicks };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
    }
    const holder = readHolder(file);
    if (typeof holder === 'object' && isAlive(holder)) throw new DataDirectoryLockedError(dir, holder);
    if (holder === 'none') continue; // released meanwhile: try the atomic create again
    // Stale: its process is gone. Remove it and try the atomic create again, where a racing taker loses.
    // (Two processes taking over the same stale lock in the same instant could both win: accepted.)
    try {
      unlinkSync(file);
    } catch {
      // another process took it over first; the next 'wx' tells
    }
  }
  heldHere.set(dir, me);
  heldFiles.add(file);
  return {
    release() {
      if (!heldFiles.delete(file)) return;
      heldHere.delete(dir);
      try {
        unlinkSync(file);
      } catch {
        // removed by hand: nothing to release
      }
    },
  };
};
