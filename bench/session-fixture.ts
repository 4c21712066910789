// A running server on a fresh PostgreSQL database with mentors who teach a 1-point-per-hour skill and are
// available every day, and students signed in with their 3 welcome points: what the session benches book.
import { startServer, type RunningServer } from '../api/main.js';
import { signIn, type ApiClient } from '../test/support/sign-in.js';
import pg from 'pg';
import { BENCH_SESSION_SECRET, benchServerEnv, freshDatabase, inBatches } from './support.js';

export interface SessionFixture {
  server: RunningServer;
  secret: string;
  mentors: { client: ApiClient; skillId: string; slots: { date: string; time: string }[] }[];
  students: ApiClient[];
  close(): Promise<void>;
}

const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => ({ day, startTime: '00:00', endTime: '23:59' }));

const analyze = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
};

export const startSessionFixture = async (opts: { mentors: number; students: number; label: string }): Promise<SessionFixture> => {
  const database = await freshDatabase(opts.label);
  const secret = BENCH_SESSION_SECRET;
  const server = await startServer(benchServerEnv(database.url));
  try {
    const mentors = await inBatches(opts.mentors, 5, async (i) => {
      const client = await signIn(server.url, `mentor${i}@bench.example`);
      const patched = await client.patch(`/api/users/${client.memberId}`, {
        timeZone: 'UTC',
        availability: everyDay,
        skillsToTeach: [{ name: `Skill ${i}`, description: 'Benchmarked skill', category: 'Development', experienceLevel: 'intermediate', pointsPerHour: 1 }],
      });
      if (patched.status !== 200) throw new Error(`mentor set-up failed: ${patched.status} ${JSON.stringify(patched.body)}`);
      const skillId = (patched.body as { skillsToTeach: { id: string }[] }).skillsToTeach[0]!.id;
      const slots: { date: string; time: string }[] = [];
      for (const offset of [0, 1]) {
        const answer = await client.get(`/api/users/${client.memberId}/available-slots?duration=1&monthOffset=${offset}`);
        if (answer.status !== 200) throw new Error(`available-slots failed: ${answer.status} ${JSON.stringify(answer.body)}`);
        slots.push(...(answer.body as { availableSlots: { date: string; time: string }[] }).availableSlots);
      }
      return { client, skillId, slots };
    });
    const students = await inBatches(opts.students, 10, (i) => signIn(server.url, `student${i}@bench.example`));
    // A database in service has statistics; this one was filled seconds ago, before autovacuum's first
    // round, and without them the planner scans the read models' small tables instead of using their keys.
    await analyze(database.url);
    return {
      server,
      secret,
      mentors,
      students,
      async close() {
        await server.close();
        await database.drop();
      },
    };
  } catch (error) {
    await server.close();
    await database.drop();
    throw error;
  }
};
