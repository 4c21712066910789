// Starts outside-issuer-process.ts as a child process: an OpenID Connect provider the app reaches only
// over HTTP, as it would a real one, with a registered client and secret of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { OutsideAccount, OutsideIssuerSettings } from './outside-issuer-process.js';

export type { OutsideAccount };

export interface OutsideIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The app's environment for this provider. */
  env: { OIDC_ISSUER: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string };
  close(): Promise<void>;
}

/** A port free right now, for a server whose address must be known before it starts (a redirect URI). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const script = fileURLToPath(new URL('./outside-issuer-process.ts', import.meta.url));

export const startOutsideIssuer = async (opts: { redirectUri: string; accounts: OutsideAccount[] }): Promise<OutsideIssuer> => {
  const settings: OutsideIssuerSettings = {
    clientId: 'skillswap',
    clientSecret: randomBytes(24).toString('base64url'),
    redirectUri: opts.redirectUri,
    accounts: opts.accounts,
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, OUTSIDE_ISSUER: JSON.stringify(settings) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const issuer = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { issuer: string }).issuer);
    });
    child.once('exit', (code) => reject(new Error(`the outside issuer exited with ${code}: ${stderr}`)));
    setTimeout(() => reject(new Error(`the outside issuer did not start in 30 s: ${stderr}`)), 30_000).unref();
  });
  return {
    issuer,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: settings.clientId, OIDC_CLIENT_SECRET: settings.clientSecret },
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};
