// Members and sessions in the states the screens of spec 000 show, for the page-level e2e tests
// (accessibility, 390 px layout): a mentor with a skill and weekday hours, a request waiting for the
// mentor, an upcoming session, and one with the mentee's reschedule waiting. Clock: MONDAY_0800.
import { becomeMentor, bookingBody, weekdayAvailability } from '../../support/session-fixtures.js';
import { signIn, type ApiClient } from '../../support/test-server.js';

export interface SeededSessions {
  mia: ApiClient; // the mentor
  sam: ApiClient; // a request waiting for Mia
  nia: ApiClient; // an upcoming session
  ava: ApiClient; // a session with her reschedule waiting
  leo: ApiClient; // no sessions: books on the booking page
  skillId: string;
  ids: { request: string; upcoming: string; proposal: string };
}

const ok = async <T>(response: Promise<{ status: number; body: T }>, what: string): Promise<T> => {
  const { status, body } = await response;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
};

export const seedSessions = async (baseUrl: string): Promise<SeededSessions> => {
  const member = (id: string, name: string) => signIn(baseUrl, `${id}@example.com`, name);
  const [mia, sam, nia, ava, leo] = await Promise.all([
    member('mia', 'Mia Chen'),
    member('sam', 'Sam Patel'),
    member('nia', 'Nia Okafor'),
    member('ava', 'Ava Rossi'),
    member('leo', 'Leo Park'),
  ]);
  const skillId = await becomeMentor(mia, { skillName: 'TypeScript Generics', skillsToLearn: ['Product Design'] });
  for (const student of [sam, nia, ava, leo])
    await ok(student.patch(`/api/users/${student.memberId}`, { timeZone: 'UTC', availability: weekdayAvailability() }), 'availability');
  const book = async (student: ApiClient, date: string, time: string, message?: string) =>
    (await ok<{ id: string }>(student.post('/api/sessions', bookingBody({ mentor: mia, skillId, date, time, message })), `book ${date} ${time}`)).id;
  const ids = {
    request: await book(sam, '2026-12-08', '14:00', "Hi Mia! I'd love help with generics in our API client."),
    upcoming: await book(nia, '2026-12-07', '13:00'),
    proposal: await book(ava, '2026-12-10', '10:00'),
  };
  for (const id of [ids.upcoming, ids.proposal]) await ok(mia.post(`/api/sessions/${id}/approve`, {}), 'approve');
  await ok(
    ava.post(`/api/sessions/${ids.proposal}/propose-modification`, { proposed_date: '2026-12-11', proposed_time: '11:00', message: 'Could we move to Friday?' }),
    'propose',
  );
  return { mia, sam, nia, ava, leo, skillId, ids };
};
