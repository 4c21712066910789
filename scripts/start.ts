// `npm start`: builds the web client when web/dist is missing or stale, then runs the API (which
// serves the client) in a child process and passes stop signals on to it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureClientBuilt } from './ensure-client-built.js';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

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
