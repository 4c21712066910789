// The schema pieces the route files share: the error answers they document and the shape of a command
// on one session (its id in the path, a body, the session as the answer).
import { z } from 'zod';
import { errorBodySchema } from '../contracts/members.js';
import { sessionIdParams, sessionSchema } from '../contracts/sessions.js';

/** Documents `{ error }` answers under these statuses. */
export const errorResponses = <Status extends number>(...statuses: Status[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<Status, typeof errorBodySchema>;

/** A member, skill or notification id in the path. */
export const idParams = z.object({ id: z.string().min(1).max(100) });

/** What most routes document: bad input, signed out, not allowed, not found. */
export const commonErrors = errorResponses(400, 401, 403, 404);

export const sessionTags = ['sessions'];
export const sessionErrors = errorResponses(400, 401, 403, 404, 409);

/** A command on one session answered with the session (params: the session id unless given). */
export const sessionCommandSchema = <Body, Params = typeof sessionIdParams>(body: Body, params: Params = sessionIdParams as Params) => ({
  tags: sessionTags,
  params,
  body,
  response: { 200: sessionSchema, ...sessionErrors },
});
