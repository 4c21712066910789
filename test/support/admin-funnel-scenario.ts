// A story of members on the journey (issue 31 points 3, 4) for the dashboard's figures: each member's
// steps at hours before NOW, some before the same time yesterday and some after, turned into the domain
// events a member's actions append (in time order), and the figures counted from those events by the
// test's own plain rules, so a read model's answer can be compared with them.
import type { DomainEvent } from '../../eventstore/types.js';
import type { SessionRef } from '../../domain/session/events.js';
import type { StoppedStep } from '../../api/contracts/admin-stats.js';

export const HOUR = 3_600_000;

export interface Plan {
  id: string;
  /** Hours before now of each step; a later hour is an earlier time. */
  joined: number;
  taught?: number;
  /** The last part of a complete profile (bio and location) is added then; the picture and a goal half an hour before. */
  ready?: number;
  /** Sessions booked as the student. */
  books?: number[];
  /** Other own actions (a change of time zone, which no step counts). */
  acts?: number[];
  /** Only a bio, never a complete profile. */
  partial?: number;
  /** The taught skill removed again (the step stays reached). */
  untaught?: number;
}

export interface Appended {
  streamId: string;
  event: DomainEvent;
  at: string;
  actorId: string;
}

export const scenario = (now: string, plans: readonly Plan[], mentorId: string): Appended[] => {
  const at = (hours: number) => new Date(Date.parse(now) - hours * HOUR).toISOString();
  const out: (Appended & { ms: number })[] = [];
  const add = (id: string, streamId: string, hours: number, event: DomainEvent) => out.push({ streamId, event, at: at(hours), actorId: id, ms: Date.parse(at(hours)) });
  for (const p of plans) {
    const member = `member-${p.id}`;
    add(p.id, member, p.joined, {
      type: 'MemberRegistered',
      data: { memberId: p.id, email: `${p.id}@funnel.example`, name: `Member ${p.id}`, timeZone: 'UTC', registeredAt: at(p.joined) },
    });
    const skill = { id: `k-${p.id}`, name: 'Chess', description: 'Openings', category: 'Games', experienceLevel: 'expert' as const, pointsPerHour: 1 };
    if (p.taught !== undefined) add(p.id, member, p.taught, { type: 'SkillTaughtAdded', data: { memberId: p.id, skill } });
    if (p.untaught !== undefined) add(p.id, member, p.untaught, { type: 'SkillTaughtRemoved', data: { memberId: p.id, skillId: skill.id } });
    if (p.partial !== undefined) add(p.id, member, p.partial, { type: 'ProfileDetailsChanged', data: { memberId: p.id, bio: 'Hello' } });
    if (p.ready !== undefined) {
      add(p.id, member, p.ready + 0.5, { type: 'ProfilePictureChanged', data: { memberId: p.id, imageUrl: `/media/${p.id}.jpg` } });
      add(p.id, member, p.ready + 0.5, { type: 'SkillToLearnAdded', data: { memberId: p.id, name: 'Piano' } });
      add(p.id, member, p.ready, { type: 'ProfileDetailsChanged', data: { memberId: p.id, bio: 'I teach chess', location: 'Lyon' } });
    }
    (p.books ?? []).forEach((hours, i) => {
      const session: SessionRef = {
        sessionId: `s-${p.id}-${i}`,
        studentId: p.id,
        instructorId: mentorId,
        skillId: 'k-mentor',
        skillName: 'Chess',
        experienceLevel: 'beginner',
        startsAt: at(hours - 48),
        durationHours: 1,
        cost: 1,
        holdId: `h-${p.id}-${i}`,
      };
      add(p.id, `session-${session.sessionId}`, hours, { type: 'SessionRequested', data: { ...session, pointsPerHour: 1, message: 'Hi' } });
    });
    for (const hours of p.acts ?? []) add(p.id, member, hours, { type: 'ProfileDetailsChanged', data: { memberId: p.id, timeZone: 'Europe/Paris' } });
  }
  return out.sort((a, b) => a.ms - b.ms).map(({ ms: _ms, ...rest }) => rest);
};

/** When each member reached each step, read from the events: the first event that made it so. */
const reachedTimes = (events: readonly Appended[], plans: readonly Plan[]) =>
  plans.map((p) => {
    const mine = events.filter((e) => e.actorId === p.id);
    const first = (type: string) => mine.find((e) => e.event.type === type)?.at ?? null;
    const joined = first('MemberRegistered')!;
    const taught = first('SkillTaughtAdded');
    // Ready: the event after which the picture, a goal, bio, location and a taught skill were all there.
    const ready =
      p.ready === undefined
        ? null
        : [
            first('ProfilePictureChanged'),
            first('SkillToLearnAdded'),
            mine.find((e) => e.event.type === 'ProfileDetailsChanged' && (e.event.data as { location?: string }).location)?.at ?? null,
            taught,
          ].reduce<string | null>((a, b) => (a === null || b === null ? null : a > b ? a : b), joined);
    const booked = first('SessionRequested');
    const journey = ready && booked ? (ready > booked ? ready : booked) : null;
    return {
      id: p.id,
      joined,
      taught,
      ready,
      booked,
      journey,
      actions: mine.map((e) => e.at),
      sessions: mine.filter((e) => e.event.type === 'SessionRequested').map((e) => e.at),
    };
  });

/** The dashboard's counts at `instant`, counted from the events. */
export const countedAt = (events: readonly Appended[], plans: readonly Plan[], instant: string) => {
  const members = reachedTimes(events, plans);
  const by = (time: string | null) => time !== null && time <= instant;
  const dayBefore = new Date(Date.parse(instant) - 24 * HOUR).toISOString();
  return {
    users: members.filter((m) => by(m.joined)).length,
    newUsers: members.filter((m) => by(m.joined) && m.joined > dayBefore).length,
    taught: members.filter((m) => by(m.taught)).length,
    ready: members.filter((m) => by(m.ready)).length,
    journey: members.filter((m) => by(m.journey)).length,
    booked: members.filter((m) => by(m.booked)).length,
    sessions: members.flatMap((m) => m.sessions).filter((t) => t <= instant).length,
    active: members.filter((m) => m.actions.some((t) => t >= dayBefore && t <= instant)).length,
  };
};

/** Who stopped at a step by `instant`, newest to reach it first (ties by id, descending). */
export const stoppedAt = (events: readonly Appended[], plans: readonly Plan[], step: StoppedStep, instant: string) => {
  const columns = { signedUp: ['joined', 'taught'], addedSkills: ['taught', 'ready'], profileReady: ['ready', 'journey'] } as const;
  const [reached, next] = columns[step];
  return reachedTimes(events, plans)
    .filter((m) => m[reached] !== null && m[reached] <= instant && (m[next] === null || m[next] > instant))
    .sort((a, b) => (a[reached]! === b[reached]! ? (a.id < b.id ? 1 : -1) : a[reached]! < b[reached]! ? 1 : -1))
    .map((m) => m.id);
};
