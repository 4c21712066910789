// Four API processes on one PostgreSQL (issue 33 point 7; docs/scaling.md). No balancer is installed here,
// so the clients are spread over the processes' ports: each process takes a quarter of the students'
// bookings (wrk, one per process, at once), then one process takes the same load alone, in the same run.
// What 2 cores can show is not the scaling (four processes share the cores with PostgreSQL and wrk) but
// that nothing breaks across processes: no booking lost or doubled, a booking answered by one process
// reaching the mentor's socket on another within 100 ms, and the admin figures the same on every process.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import pg from 'pg';
import WebSocket from 'ws';
import { signIn } from '../test/support/sign-in.js';
import { startSessionFixture } from './session-fixture.js';
import { benchServerEnv, percentile, type BenchResult } from './support.js';
import { assertWrkInstalled, runWrk, type WrkLine, type WrkResult } from './wrk.js';

const PROCESSES = 4;
const CONNECTIONS = 48; // in all: 12 a process, or 48 on the one
const SECONDS = 1;
const MENTORS = 48;
// One booking each per round, two rounds: more lines than a round can send (one process has answered 2,700 a
// second here), so no round runs out and sends a line again (a 409 that would count as a request).
const STUDENTS = 6000;
const FRESHNESS_SAMPLES = 100;
const FIRST_SLOT = 24; // a day ahead: the first listed slots may pass while the fixture starts
const ADMIN = 'admin@four.example';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** One API process (api/main.ts) on the bench's database, ready once /api/health answers. */
const startProcess = async (databaseUrl: string): Promise<{ url: string; child: ChildProcess }> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', 'api/main.ts'], {
    env: { ...process.env, ...benchServerEnv(databaseUrl, { PORT: String(port), ADMIN_EMAILS: ADMIN }) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process on port ${port} exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child };
    if (Date.now() > deadline) throw new Error(`API process on port ${port} did not answer within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const stopProcess = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export const benchFourProcesses = async (): Promise<BenchResult> => {
  await assertWrkInstalled();
  const fixture = await startSessionFixture({ mentors: MENTORS, students: STUDENTS, label: 'four' });
  const databaseUrl = fixture.server.config.databaseUrl!;
  // The fixture's own server made the members; the four processes serve the bench.
  await fixture.server.close();
  const processes: { url: string; child: ChildProcess }[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    for (let i = 0; i < PROCESSES; i += 1) processes.push(await startProcess(databaseUrl));
    const origin = (url: string) => new URL(url).origin;
    const perSlot = Math.ceil(STUDENTS / 2 / MENTORS);
    const booking = (round: number, index: number): WrkLine => {
      const mentor = fixture.mentors[index % MENTORS]!;
      const slot = mentor.slots[FIRST_SLOT + round * perSlot + Math.floor(index / MENTORS)];
      if (!slot) throw new Error('not enough free slots for the bench');
      const student = fixture.students[round * (STUDENTS / 2) + index]!;
      const body = { instructor_id: mentor.client.memberId, skill_id: mentor.skillId, session_date: slot.date, session_time: slot.time, duration: 1 };
      return { cookie: student.cookie, body: JSON.stringify(body) };
    };
    const half = STUDENTS / 2;
    const lines = (round: number) => Array.from({ length: half }, (_, i) => booking(round, i));

    // Round 0: a quarter of the lines to each process, at once. Round 1: all of them to one process.
    const spread = lines(0);
    const spreadRuns = await Promise.all(
      processes.map((p, i) =>
        runWrk(
          `${p.url}/api/sessions`,
          spread.filter((_, k) => k % PROCESSES === i),
          { connections: CONNECTIONS / PROCESSES, origin: origin(p.url), seconds: SECONDS },
        ),
      ),
    );
    const single = await runWrk(`${processes[0]!.url}/api/sessions`, lines(1), { connections: CONNECTIONS, origin: origin(processes[0]!.url), seconds: SECONDS });
    const all: WrkResult[] = [...spreadRuns, single];
    if (all.some((r) => r.errors > 0)) throw new Error(`bookings: ${all.map((r) => r.errors).join(', ')} socket errors`);
    const answered = all.reduce((n, r) => n + r.requests - r.non2xx, 0);
    const refused = all.reduce((n, r) => n + r.non2xx, 0);
    // Bookings made, not requests: a line sent again is refused (409) and cheap, and would flatter the rate.
    const booked = (r: WrkResult) => (r.requests - r.non2xx) / SECONDS;

    // Every answered booking is in the log once, and once in the sessions read model; no slot is booked twice.
    const count = async (text: string) => Number((await pool.query<{ n: string }>(text)).rows[0]!.n);
    const settled = async () => {
      for (let i = 0; i < 300; i += 1) {
        const behind = await count(
          `select count(*) as n from events where type = 'SessionRequested' and not exists (select 1 from sessions s where s.id = events.data->>'sessionId')`,
        );
        if (behind === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the sessions read model did not reach the log within 30 s');
    };
    await settled();
    const requested = await count(`select count(*) as n from events where type = 'SessionRequested'`);
    const sessions = await count(`select count(*) as n from sessions`);
    const doubled = await count(`select count(*) as n from (select instructor_id, starts_at from sessions group by 1, 2 having count(*) > 1) d`);
    const held = await count(`select count(*) as n from events where type = 'PointsHeld'`);
    // wrk stops with requests in flight that the servers may still commit: at most one per connection and process.
    const lost = answered > requested;
    const intact = !lost && requested <= answered + CONNECTIONS * 2 && sessions === requested && doubled === 0 && held === requested;

    // Freshness across processes: a student books through the first process, the mentor's socket is on the second.
    const mentor = fixture.mentors[0]!;
    const socketUrl = processes[1]!.url.replace(/^http/, 'ws') + '/ws';
    const socket = new WebSocket(socketUrl, { headers: { cookie: mentor.client.cookie, origin: origin(processes[1]!.url) } });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const samples: number[] = [];
    try {
      for (let i = 0; i < FRESHNESS_SAMPLES; i += 1) {
        // Students of round 1's lines that wrk did not reach book the slots after both rounds'.
        const student = fixture.students[STUDENTS - 1 - i]!;
        const slot = mentor.slots[FIRST_SLOT + 2 * perSlot + i]!;
        let messageAt = 0;
        const arrived = new Promise<void>((resolve) => {
          const onMessage = (raw: WebSocket.RawData) => {
            const message = JSON.parse(raw.toString()) as { type: string; scope?: string };
            if (message.type === 'changed' && message.scope === 'session') {
              messageAt = performance.now();
              socket.off('message', onMessage);
              resolve();
            }
          };
          socket.on('message', onMessage);
        });
        const response = await fetch(`${processes[0]!.url}/api/sessions`, {
          method: 'POST',
          headers: { cookie: student.cookie, origin: origin(processes[0]!.url), 'content-type': 'application/json' },
          body: JSON.stringify({ instructor_id: mentor.client.memberId, skill_id: mentor.skillId, session_date: slot.date, session_time: slot.time, duration: 1 }),
        });
        await response.arrayBuffer();
        const respondedAt = performance.now();
        if (response.status !== 201) throw new Error(`freshness booking answered ${response.status}`);
        await Promise.race([arrived, new Promise((_, reject) => setTimeout(() => reject(new Error('no websocket message within 5 s')), 5000))]);
        samples.push(Math.max(0, messageAt - respondedAt));
      }
    } finally {
      socket.close();
    }
    const freshnessP99 = percentile(samples, 99);

    // The admin figures, asked of every process once the followers are idle, are the same.
    await settled();
    const admin = await signIn(processes[0]!.url, ADMIN, 'Bench Admin');
    const figures = async () =>
      Promise.all(
        processes.map(async (p) => {
          const answer = await fetch(`${p.url}/api/admin/stats`, { headers: { cookie: admin.cookie } });
          const stats = (await answer.json()) as { totalUsers: { value: number }; totalSessions: { value: number } };
          return `${stats.totalUsers.value}/${stats.totalSessions.value}`;
        }),
      );
    let seen = await figures();
    for (let i = 0; i < 50 && new Set(seen).size > 1; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen = await figures();
    }
    const sameFigures = new Set(seen).size === 1;

    // Bytes on disk per event and per read-model row (docs/scaling.md's capacity model), measured here because
    // these are real bookings' events: the table with its indexes and TOAST, divided by its rows.
    const bytesPerRow = async (tables: string[], countOf: string) => {
      const rows = await count(`select count(*) as n from ${countOf}`);
      const bytes = await count(`select (${tables.map((t) => `pg_total_relation_size('${t}')`).join(' + ')})::text as n`);
      return rows > 0 ? Math.round(bytes / rows) : 0;
    };
    await pool.query('vacuum analyze events, event_log_keys, sessions, balances');
    const eventBytes = await bytesPerRow(['events', 'event_log_keys'], 'events');
    const sessionBytes = await bytesPerRow(['sessions'], 'sessions');
    const balanceBytes = await bytesPerRow(['balances'], 'balances');

    const spreadRate = spreadRuns.reduce((n, r) => n + booked(r), 0);
    const pass = intact && refused === 0 && freshnessP99 <= 100 && sameFigures;
    return {
      name: `${PROCESSES} API processes on one PostgreSQL under the booking load`,
      subject: `bookings/s over ${PROCESSES} processes (${CONNECTIONS / PROCESSES} connections each, wrk per process, at once)`,
      baseline: `the same load on one process (${CONNECTIONS} connections)`,
      subjectValue: spreadRate,
      baselineValue: booked(single),
      unit: 'bookings/s',
      ratio: spreadRate / booked(single),
      target: 'no booking lost, doubled or refused, freshness across processes p99 <= 100 ms, the same admin figures on every process',
      pass,
      notes:
        `${answered} bookings answered 2xx, ${refused} refused; ${requested} in the log, ${sessions} in the sessions read model, ${held} holds, ${doubled} slots booked twice; ` +
        `freshness from process 1's answer to the mentor's socket on process 2: p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${freshnessP99.toFixed(1)} ms; ` +
        `admin figures (users/sessions) per process: ${seen.join(', ')}; per-process bookings/s ${spreadRuns.map((r) => Math.round(booked(r))).join(', ')}, p99 ${spreadRuns.map((r) => Math.round(r.p99)).join(', ')} ms ` +
        `against one process's ${Math.round(booked(single))} at p99 ${Math.round(single.p99)} ms (2 cores shared by all: docs/scaling.md says what N cores give); ` +
        `bytes on disk with indexes: ${eventBytes} per event (events and event_log_keys), ${sessionBytes} per sessions row, ${balanceBytes} per balances row`,
    };
  } finally {
    await Promise.all(processes.map((p) => stopProcess(p.child)));
    await pool.end();
    await fixture.close().catch(() => {});
  }
};
