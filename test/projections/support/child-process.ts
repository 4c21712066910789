// Runs the crash-test child in its own process group, so SIGKILL reaches npx, tsx and node at once.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The processes of group `pgid` that have not exited yet (a zombie has). */
const livingInGroup = (pgid: number): number[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its closing parenthesis.
        const [state, , pgrp] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return Number(pgrp) === pgid && state !== 'Z';
      } catch {
        return false; // gone while we looked
      }
    })
    .map(Number);

/**
 * The child's stdout closes before the kernel has finished its exit: on a busy machine the killed node
 * process can still hold the PGlite directory's lock for a moment after 'close'. Wait until the whole
 * group has exited (at most 10 s), so the next open finds the lock stale.
 */
const groupExited = async (pgid: number): Promise<void> => {
  for (let waited = 0; livingInGroup(pgid).length > 0 && waited < 10_000; waited += 20) await sleep(20);
};

export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: string[];
  stderr: string;
}

export const runChild = (mode: 'catch-up' | 'rebuild', env: Record<string, string>, killWhen?: (line: string, lines: string[]) => boolean): Promise<ChildResult> =>
  new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', script, mode], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', PGLITE_DATA_DIR: '', ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let stderr = '';
    let buffer = '';
    let killed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        lines.push(line);
        if (!killed && killWhen?.(line, lines)) {
          killed = true;
          process.kill(-child.pid!, 'SIGKILL');
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    // npm's own configuration warnings are noise, not output of the child.
    const ownStderr = () =>
      stderr
        .split('\n')
        .filter((l) => l.trim() !== '' && !l.startsWith('npm warn'))
        .join('\n');
    child.on('close', (code, signal) => void groupExited(child.pid!).then(() => resolve({ code, signal, lines, stderr: ownStderr() })));
  });
