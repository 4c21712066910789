// `npm run dev`: the API under `tsx watch` (restarts on change) and the Vite dev server with hot
// reload. The browser talks to Vite only; Vite proxies /api, /oidc and /ws to the API, so
// PUBLIC_URL is Vite's address (sign-in redirects and the Origin check use it).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEV_CLOCK_VARIABLE, parseDevClockOffset } from '../api/dev-clock.js';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const apiPort = process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${webPort}`;

// Read once, here: an instant becomes a fixed offset, so the API's restarts under `tsx watch` keep the time going.
let clockOffsetMs = 0;
try {
  clockOffsetMs = process.env[DEV_CLOCK_VARIABLE]?.trim() ? parseDevClockOffset(process.env[DEV_CLOCK_VARIABLE]!, Date.now()) : 0;
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const clockOffset = `${clockOffsetMs < 0 ? '-' : '+'}${Math.abs(clockOffsetMs) / 1000}s`;

const children: ChildProcess[] = [];
const run = (name: string, command: string, args: string[], env: Record<string, string>) => {
  // Each child leads its own process group so that stopping it also stops what npx started under it.
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, detached: true });
  child.on('exit', (code) => {
    console.error(`${name} exited${code === null ? '' : ` with status ${code}`}; stopping the others.`);
    stopAll();
    process.exit(code ?? 1);
  });
  children.push(child);
};

const stopAll = () => {
  for (const child of children) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

// scripts/dev-api.ts is api/main.ts's start with the development clock (DEV_CLOCK_OFFSET, README); the
// dev client reads the same variable (web/build/dev-clock.ts), so both sides agree on the time.
run('API', 'npx', ['tsx', 'watch', '--clear-screen=false', 'scripts/dev-api.ts'], {
  [DEV_CLOCK_VARIABLE]: clockOffset,
  PORT: apiPort,
  PUBLIC_URL: publicUrl,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
});
run('Vite', 'npx', ['vite', '--config', 'web/vite.config.ts', '--port', webPort, '--strictPort'], {
  API_URL: `http://localhost:${apiPort}`,
  DEV_CLOCK_OFFSET_MS: String(clockOffsetMs),
});
console.error(`SkillSwap dev: open ${publicUrl} (API on port ${apiPort})`);
