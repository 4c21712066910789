// Runs the crash-test child in its own process group, so SIGKILL reaches npx, tsx and node at once.
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
    child.on('close', (code, signal) => resolve({ code, signal, lines, stderr: ownStderr() }));
  });
