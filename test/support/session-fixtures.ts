// Shared set-up of the session-area tests: a clock fixed on a Monday morning so slots are
// deterministic, mentors with a skill and weekday availability, and many signed-in members.
import type { ApiClient } from './sign-in.js';
import { signIn } from './sign-in.js';

/** Monday 7 December 2026, 08:00 UTC: the first bookable slot of a 09:00-17:00 mentor is 09:00 today. */
export const MONDAY_0800 = '2026-12-07T08:00:00.000Z';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

export const weekdayAvailability = (startTime = '09:00', endTime = '17:00') => WEEKDAYS.map((day) => ({ day, startTime, endTime }));

export interface MentorSetup {
  skillName?: string;
  pointsPerHour?: number;
  timeZone?: string;
  availability?: { day: string; startTime: string; endTime: string }[];
  skillsToLearn?: string[];
}

/** Gives the member a skill to teach and availability (PATCH /api/users/:id); returns the skill's id. */
export const becomeMentor = async (mentor: ApiClient, setup: MentorSetup = {}): Promise<string> => {
  const skillName = setup.skillName ?? 'TypeScript';
  const response = await mentor.patch(`/api/users/${mentor.memberId}`, {
    timeZone: setup.timeZone ?? 'UTC',
    skillsToTeach: [
      { name: skillName, description: `${skillName} from the basics`, category: 'Development', experienceLevel: 'advanced', pointsPerHour: setup.pointsPerHour ?? 1 },
    ],
    availability: setup.availability ?? weekdayAvailability(),
    ...(setup.skillsToLearn ? { skillsToLearn: setup.skillsToLearn } : {}),
  });
  if (response.status !== 200) throw new Error(`Mentor set-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  const skill = (response.body.skillsToTeach as { id: string; name: string }[]).find((s) => s.name === skillName);
  if (!skill) throw new Error(`Mentor set-up did not return the skill ${skillName}`);
  return skill.id;
};

export interface BookingChoice {
  mentor: ApiClient;
  skillId: string;
  date: string;
  time: string;
  duration?: number;
  message?: string;
}

export const bookingBody = ({ mentor, skillId, date, time, duration = 1, message }: BookingChoice) => ({
  instructor_id: mentor.memberId,
  skill_id: skillId,
  session_date: date,
  session_time: time,
  duration,
  ...(message !== undefined ? { student_message: message } : {}),
});

/** Signs in `count` members named prefix-1..n, a few at a time (each sign-in is several requests). */
export const signInMany = async (baseUrl: string, prefix: string, count: number, parallel = 6): Promise<ApiClient[]> => {
  const clients: ApiClient[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, (_, i) => start + i + 1);
    clients.push(...(await Promise.all(batch.map((n) => signIn(baseUrl, `${prefix}-${n}@example.com`, `${prefix} ${n}`)))));
  }
  return clients;
};

/** Requests without a session cookie, for the 401 checks. */
export const signedOut = async (baseUrl: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json', origin: baseUrl },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as { error?: string } | null };
};
