// Runs the crash-test child: node itself (TypeScript through tsx's loader), not npx and tsx in front of it, so
// the child's 'exit' means the process that holds the database is gone (its lock is stale at once), and
// SIGKILL reaches it and anything it started (its own process group).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: string[];
  stderr: string;
}

export const runChild = (mode: 'catch-up' | 'rebuild', env: Record<string, string>, killWhen?: (line: string, lines: string[]) => boolean): Promise<ChildResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, mode], {
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
    // 'close' comes after 'exit', which node reports once the process is reaped.
    child.on('close', (code, signal) => resolve({ code, signal, lines, stderr: stderr.trim() }));
  });
