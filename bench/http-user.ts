// (c) GET /api/user on the real server (signed cookie, member + balance read model on PostgreSQL)
// against a bare Fastify route answering a JSON body of the same size from memory, both driven by
// autocannon with the same connections and duration, alternately.
import Fastify from 'fastify';
import { startServer } from '../api/main.js';
import { signIn } from '../test/support/sign-in.js';
import { autocannonLoad } from './autocannon-load.js';
import type { BenchResult } from './support.js';
import { alternate, benchServerEnv, freshDatabase } from './support.js';

const CONNECTIONS = 20;
const SECONDS = 5;

const load = (url: string, headers: Record<string, string> = {}) => autocannonLoad(url, { connections: CONNECTIONS, seconds: SECONDS, headers });

// Headers a bare route copies from the real answer, so both sides put the same bytes on the wire and
// the ratio measures server work (session cookie, hooks, cache), not the client parsing extra headers.
const perResponse = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);

export const benchHttpUser = async (): Promise<BenchResult> => {
  const database = await freshDatabase('http');
  const server = await startServer(benchServerEnv(database.url));
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
