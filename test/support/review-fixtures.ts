// Reviews made the way members make them (issue 21 point 4): a mentor teaching two skills at different
// levels, mentees booking sessions of 0.75 to 1.5 hours on Monday 7 December 2026, the mentor
// approving, the scheduler completing them once they ended, and each mentee rating theirs. The
// server's clock must start at MONDAY_0800; it ends at 16:00 that day.
import type { ApiClient, TestServer } from './test-server.js';
import { signIn } from './test-server.js';
import { bookingBody, weekdayAvailability } from './session-fixtures.js';

export interface SeededReview {
  student: string;
  time: string;
  duration: number;
  skill: 'TypeScript Generics' | 'Figma Basics';
  rating: number;
  review?: string;
}

/** Five reviews: two 5s, a 4, a 3 and a 2, across both skills and the three durations. */
export const REVIEWS: readonly SeededReview[] = [
  { student: 'sam', time: '09:00', duration: 1, skill: 'TypeScript Generics', rating: 5, review: 'Mia explained conditional types brilliantly.' },
  { student: 'nia', time: '10:00', duration: 1.5, skill: 'Figma Basics', rating: 3, review: 'Good intro, a bit fast for me.' },
  { student: 'ava', time: '12:00', duration: 0.75, skill: 'TypeScript Generics', rating: 4 },
  { student: 'sam', time: '13:00', duration: 1, skill: 'Figma Basics', rating: 2, review: 'We ran out of time before auto layout.' },
  { student: 'nia', time: '14:00', duration: 1, skill: 'TypeScript Generics', rating: 5, review: 'Clear, patient and practical.' },
];

const ok = async <T>(response: Promise<{ status: number; body: T }>, what: string): Promise<T> => {
  const { status, body } = await response;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
};

export interface SeededReviews {
  mia: ApiClient;
  students: Record<string, ApiClient>;
  /** A member nobody has reviewed. */
  leo: ApiClient;
  sessionIds: string[];
}

/** `prefix` keeps the e-mails apart from other members of the same server (the names stay). */
export const seedReviews = async (server: TestServer, prefix = ''): Promise<SeededReviews> => {
  const member = (id: string, name: string) => signIn(server.url, `${prefix}${id}@example.com`, name);
  const [mia, sam, nia, ava, leo] = await Promise.all([
    member('mia', 'Mia Chen'),
    member('sam', 'Sam Patel'),
    member('nia', 'Nia Okafor'),
    member('ava', 'Ava Rossi'),
    member('leo', 'Leo Park'),
  ]);
  const students: Record<string, ApiClient> = { sam, nia, ava };
  const profile = await ok<{ skillsToTeach: { id: string; name: string }[] }>(
    mia.patch(`/api/users/${mia.memberId}`, {
      timeZone: 'UTC',
      availability: weekdayAvailability('09:00', '17:00'),
      skillsToTeach: [
        { name: 'TypeScript Generics', description: 'Generics from the basics', category: 'Development', experienceLevel: 'advanced', pointsPerHour: 1 },
        { name: 'Figma Basics', description: 'Frames, components, auto layout', category: 'Design', experienceLevel: 'beginner', pointsPerHour: 1 },
      ],
    }),
    'mentor',
  );
  const skillId = (name: string) => profile.skillsToTeach.find((s) => s.name === name)!.id;
  for (const student of Object.values(students)) await ok(student.patch(`/api/users/${student.memberId}`, { timeZone: 'UTC' }), 'time zone');

  const sessionIds: string[] = [];
  for (const r of REVIEWS) {
    const body = bookingBody({ mentor: mia, skillId: skillId(r.skill), date: '2026-12-07', time: r.time, duration: r.duration });
    const { id } = await ok<{ id: string }>(students[r.student]!.post('/api/sessions', body), `book ${r.time}`);
    await ok(mia.post(`/api/sessions/${id}/approve`, {}), 'approve');
    sessionIds.push(id);
  }
  server.clock.set('2026-12-07T15:30:00.000Z');
  await server.tickScheduler();
  for (const [i, r] of REVIEWS.entries()) {
    server.clock.set(`2026-12-07T15:${String(31 + i).padStart(2, '0')}:00.000Z`);
    await ok(students[r.student]!.post(`/api/sessions/${sessionIds[i]}/rate`, { rating: r.rating, ...(r.review ? { review: r.review } : {}) }), `rate ${r.time}`);
  }
  server.clock.set('2026-12-07T16:00:00.000Z');
  return { mia, students, leo, sessionIds };
};
