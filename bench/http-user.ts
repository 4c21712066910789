// (c) GET /api/user on the real server (signed cookie, member + balance read model on PostgreSQL)
// against a bare Fastify route answering a JSON body of the same size from memory, both driven by
// autocannon with the same connections and duration, alternately.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { startServer } from '../api/main.js';
import { signIn } from '../test/support/sign-in.js';
import type { BenchResult } from './support.js';
import { alternate, freshDatabase } from './support.js';

const CONNECTIONS = 20;
const SECONDS = 5;

// The load generator runs in its own process, as clients do: in-process it would share the event loop
// (and the CPU it measures) with the server under test.
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const load = async (url: string, headers: Record<string, string> = {}) => {
  const args = [autocannonBin, '-c', String(CONNECTIONS), '-d', String(SECONDS), '-j', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as { non2xx: number; errors: number; requests: { average: number }; latency: { p99: number } };
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
};

// Headers a bare route copies from the real answer, so both sides put the same bytes on the wire and
// the ratio measures server work (session cookie, hooks, cache), not the client parsing extra headers.
const perResponse = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);

export const benchHttpUser = async (): Promise<BenchResult> => {
  const database = await freshDatabase('http');
  const server = await startServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    DATA_DIR: '/tmp/skillswap-bench',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_READ_PER_MINUTE: '0',
    RATE_LIMIT_WRITE_PER_MINUTE: '0',
    RATE_LIMIT_AUTH_PER_MINUTE: '0',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '0',
  });
  const bare = Fastify({ logger: false });
  try {
    const client = await signIn(server.url, 'bench@example.com');
    const me = await client.get('/api/user');
    if (me.status !== 200) throw new Error(`sign-in for the bench failed: ${me.status}`);
    const body = JSON.stringify(me.body);
    const sample = await fetch(`${server.url}/api/user`, { headers: { cookie: client.cookie } });
    const copied = Object.fromEntries([...sample.headers.entries()].filter(([name]) => !perResponse.has(name)));
    await sample.arrayBuffer();
    bare.get('/bare', async (_request, reply) => reply.headers(copied).send(body));
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const cookie = client.cookie;
    let subjectP99 = 0;
    const subject = async () => {
      const r = await load(`${server.url}/api/user`, { cookie });
      subjectP99 = Math.max(subjectP99, r.p99);
      return r.rps;
    };
    const baseline = async () => (await load(`${bareUrl}/bare`)).rps;
    await load(`${server.url}/api/user`, { cookie }); // warm-up
    const m = await alternate(3, subject, baseline);
    const ratio = m.subject / m.baseline;
    return {
      name: 'GET /api/user vs a bare Fastify route',
      subject: `GET /api/user (session cookie, read model on PostgreSQL), ${CONNECTIONS} connections`,
      baseline: 'bare Fastify GET answering the same body and headers from memory',
      subjectValue: m.subject,
      baselineValue: m.baseline,
      unit: 'requests/s',
      ratio,
      target: '>= 50% of baseline',
      pass: ratio >= 0.5,
      notes: `worst p99 of GET /api/user ${subjectP99} ms; runs subject ${m.subjectRuns.map(Math.round).join(', ')}; baseline ${m.baselineRuns.map(Math.round).join(', ')}`,
    };
  } finally {
    await bare.close();
    await server.close();
    await database.drop();
  }
};
