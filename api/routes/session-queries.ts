// Session reads (issue 3): one session, its reschedule requests, holds, the smart calendar, a calendar
// file, and a member's sessions and bookable slots. Participants only, except slots. The thread's read
// is in session-thread.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availableSlots, mutualAvailability } from '../../domain/session/availability.js';
import { getMember } from '../../projections/members/queries.js';
import { bookedIntervals, getHolds, listMemberSessions, listModifications } from '../../projections/sessions/queries.js';
import {
  availableSlotsQuerySchema,
  availableSlotsSchema,
  holdSchema,
  holdsQuerySchema,
  modificationSchema,
  mutualAvailabilityQuerySchema,
  mutualAvailabilitySchema,
  sessionIdParams,
  sessionSchema,
} from '../contracts/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http-error.js';
import { calendarFileName, sessionCalendarFile } from '../ics.js';
import { participantSession, viewerOf } from '../session-access.js';
import { commonErrors, idParams as userParams, sessionTags as tags } from './route-schemas.js';

export const HOLDS_FORBIDDEN = "You are not authorized to view this session's financial information";

const errors = commonErrors;

export const sessionQueryRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.sql.db;

  app.get(
    '/api/sessions/:id',
    { config: { readModels: ['sessions', 'members'] }, schema: { tags, params: sessionIdParams, response: { 200: sessionSchema, ...errors } } },
    async (request) => participantSession(deps, request.params.id, await viewerOf(deps, request)),
  );

  app.get(
    '/api/sessions/:id/modifications',
    { config: { readModels: ['sessions', 'members'] }, schema: { tags, params: sessionIdParams, response: { 200: z.array(modificationSchema), ...errors } } },
    async (request) => {
      const viewer = await viewerOf(deps, request);
      await participantSession(deps, request.params.id, viewer);
      return listModifications(db, request.params.id, { timeZone: viewer.timeZone });
    },
  );

  app.get(
    '/api/sessions/:id/holds',
    {
      config: { readModels: ['sessions', 'members'] },
      schema: { tags, params: sessionIdParams, querystring: holdsQuerySchema, response: { 200: z.array(holdSchema), ...errors } },
    },
    async (request) => {
      const viewer = await viewerOf(deps, request);
      // Someone else's id in the query asks for their view: refused like any outsider.
      if (request.query.userId && request.query.userId !== viewer.memberId) throw new HttpError(403, HOLDS_FORBIDDEN);
      await participantSession(deps, request.params.id, viewer, HOLDS_FORBIDDEN);
      return getHolds(db, request.params.id);
    },
  );

  app.get(
    '/api/sessions/:id/mutual-availability',
    {
      config: { readModels: ['sessions', 'members'] },
      schema: { tags, params: sessionIdParams, querystring: mutualAvailabilityQuerySchema, response: { 200: mutualAvailabilitySchema, ...errors } },
    },
    async (request) => {
      const viewer = await viewerOf(deps, request);
      const session = await participantSession(deps, request.params.id, viewer);
      const otherId = session.role === 'student' ? session.instructor_id : session.student_id;
      const [me, other] = await Promise.all([getMember(db, viewer.memberId), getMember(db, otherId)]);
      if (!me || !other) throw new HttpError(404, 'User not found');
      const now = deps.clock().toISOString();
      // The session being rescheduled does not block its own new time.
      const calendarOf = async (member: typeof me) => ({
        availability: member.availability,
        timeZone: member.timeZone,
        booked: await bookedIntervals(db, member.id, { excludeSessionId: session.id, from: now }),
      });
      const result = mutualAvailability({
        me: await calendarOf(me),
        other: await calendarOf(other),
        durationHours: request.query.duration ?? session.duration,
        monthOffset: request.query.monthOffset,
        now,
      });
      return {
        mutual_slots: result.mutualSlots,
        user_slots: result.userSlots,
        other_slots: result.otherSlots,
        user_has_availability: me.availability.length > 0,
        other_has_availability: other.availability.length > 0,
      };
    },
  );

  // No response schema: the answer is a text/calendar file, and errors go through the error handler.
  app.get('/api/sessions/:id/calendar.ics', { config: { readModels: ['sessions', 'members'] }, schema: { tags, params: sessionIdParams } }, async (request, reply) => {
    const session = await participantSession(deps, request.params.id, await viewerOf(deps, request));
    if (session.status !== 'confirmed' && session.status !== 'modification_pending') {
      throw new HttpError(409, 'Only confirmed sessions can be added to a calendar');
    }
    const file = sessionCalendarFile({ session, now: deps.clock().toISOString(), host: new URL(deps.config.publicUrl).hostname });
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${calendarFileName(session)}"`)
      .send(file);
  });

  app.get(
    '/api/users/:id/sessions',
    { config: { readModels: ['sessions', 'members'] }, schema: { tags, params: userParams, response: { 200: z.array(sessionSchema), ...errors } } },
    async (request) => {
      const viewer = await viewerOf(deps, request);
      const sessions = await listMemberSessions(db, viewer.memberId, { timeZone: viewer.timeZone });
      // Another member's id narrows to the sessions the viewer shares with them: nobody sees a stranger's.
      if (request.params.id === viewer.memberId) return sessions;
      return sessions.filter((s) => s.student_id === request.params.id || s.instructor_id === request.params.id);
    },
  );

  app.get(
    '/api/users/:id/available-slots',
    {
      config: { readModels: ['sessions', 'members'] },
      schema: { tags, params: userParams, querystring: availableSlotsQuerySchema, response: { 200: availableSlotsSchema, ...errors } },
    },
    async (request) => {
      const viewer = await viewerOf(deps, request);
      const mentor = await getMember(db, request.params.id);
      if (!mentor) throw new HttpError(404, 'Instructor or skill not found.');
      const now = deps.clock().toISOString();
      return availableSlots({
        availability: mentor.availability,
        mentorTimeZone: mentor.timeZone,
        durationHours: request.query.duration,
        monthOffset: request.query.monthOffset ?? request.query.offset ?? 0,
        now,
        booked: await bookedIntervals(db, mentor.id, { from: now }),
        viewerTimeZone: viewer.timeZone,
      });
    },
  );
};
