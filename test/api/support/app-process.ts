// Starts the app in a child process group (app-child.ts) so a test can SIGKILL all of it at once:
// the node process and anything it started, as a crash of the machine would. Node itself runs the script
// (TypeScript through tsx's loader), so its 'exit' means the process that held the database is gone.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./app-child.ts', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** A port nothing listens on now, for an app process to take. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface AppProcess {
  url: string;
  /** Output so far, for failure messages. */
  output(): string;
  kill(): Promise<void>;
}

export const startAppProcess = (env: Record<string, string>, timeoutMs = 60_000): Promise<AppProcess> =>
  new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env: { ...process.env, DATA_DIR: '', PGLITE_DATA_DIR: '', LOG_LEVEL: 'warn', ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const timer = setTimeout(() => reject(new Error(`The app did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const kill = async () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, output: () => output, kill });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The app exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
