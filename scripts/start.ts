// `npm start`: builds the web client when web/dist is missing or stale, then runs the API (which
// serves the client) in a child process and passes stop signals on to it.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgliteDataDir } from '../eventstore/connect-from-env.js';
import { DataDirectoryLockedError, liveLockHolder } from '../eventstore/data-dir-lock.js';
import { ensureClientBuilt } from './ensure-client-built.js';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

// On PGlite, refuse at once when another process holds the data directory, before building anything;
// the API takes the lock itself when it opens the database (eventstore/data-dir-lock.ts).
const pgliteDir = process.env.DATABASE_URL?.trim() ? null : pgliteDataDir(process.env);
const holder = pgliteDir && !pgliteDir.startsWith('memory') ? liveLockHolder(pgliteDir) : null;
if (holder) {
  console.error(`SkillSwap cannot start. ${new DataDirectoryLockedError(resolve(pgliteDir!), holder).message}`);
  process.exit(1);
}

try {
  ensureClientBuilt();
} catch (error) {
  // The API still starts (and says the client is not built): an operator can reach /api/health.
  console.error(`${(error as Error).message}; starting the API without the web client.`);
}

const api = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], { stdio: 'inherit', env: process.env });

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  // The API shuts down gracefully on its own signal; this process just waits for it.
  process.on(signal, () => api.kill(signal));
}
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
