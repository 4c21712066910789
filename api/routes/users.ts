// Member routes of issue 2: the signed-in member, the directory, profiles, balances and ledgers.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateProfile } from '../../commands/members.js';
import { getBalance } from '../../projections/balances/queries.js';
import { listTransactions } from '../../projections/ledger-transactions/queries.js';
import { getMember, listMembers } from '../../projections/members/queries.js';
import { searchMembers } from '../../projections/skill-search/suggestions.js';
import { balanceSchema, currentUserSchema, errorBodySchema, transactionSchema, updateProfileSchema, userSchema, type User } from '../contracts/members.js';
import { suggestionQuerySchema, SUGGESTIONS_MAX, userSuggestionSchema } from '../contracts/skill-catalogue.js';
import type { AppDeps } from '../deps.js';
import { HttpError, notAuthenticated } from '../http-error.js';
import { currentMember } from '../plugins/session.js';
import type { UserCache } from '../plugins/user-cache.js';
import { errorResponses, idParams } from './route-schemas.js';

const errors = errorResponses(401, 403, 404);

export const userRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; userCache: UserCache }> = async (app, { deps, userCache }) => {
  const db = deps.sql.db;
  const now = () => ({ now: deps.clock().toISOString() });
  const userOr404 = async (id: string) => {
    const user = await getMember(db, id, now());
    if (!user) throw new HttpError(404, 'User not found');
    return user;
  };
  // An e-mail, a balance (the profile's points too) and a ledger are their member's and the admins' alone
  // (issue 19 point 4; decision 60).
  const maySeePrivate = (request: FastifyRequest, memberId: string) => {
    const session = currentMember(request);
    return session.memberId === memberId || request.isAdmin;
  };
  const asSeenBy = (request: FastifyRequest, user: User): User => {
    if (maySeePrivate(request, user.id)) return user;
    const { email: _email, points: _points, heldPoints: _heldPoints, ...shown } = user;
    return shown;
  };

  // The hottest read of the app (every page load): answered from the keyed cache as ready JSON, evicted by
  // the change notices of the member's read models and by the member's own writes (plugins/user-cache.ts).
  app.get(
    '/api/user',
    { config: { readModels: ['members', 'balances', 'member-stats'] }, schema: { tags: ['users'], response: { 200: currentUserSchema, 401: errorBodySchema } } },
    async (request, reply) => {
      const session = currentMember(request);
      const cached = await userCache.get(session.memberId, async () => {
        const user = await getMember(db, session.memberId, now());
        return user ? JSON.stringify(user) : null;
      });
      // Admin rights belong to the session (a verified e-mail), not to the member's cached answer.
      const json = cached && `${cached.slice(0, -1)},"isAdmin":${request.isAdmin}}`;
      // A cookie for a member the read model does not (yet) know counts as signed out.
      if (json === null) {
        userCache.evict(session.memberId);
        throw notAuthenticated();
      }
      // Already-serialized JSON: Fastify sends a string as it is (the schema still documents the shape).
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get(
    '/api/users',
    { config: { readModels: ['members', 'balances', 'member-stats'] }, schema: { tags: ['users'], response: { 200: z.array(userSchema), 401: errorBodySchema } } },
    async (request) => (await listMembers(db, now())).map((user) => asSeenBy(request, user)),
  );

  // '@' suggestions of the composer and comment boxes: names only, never e-mails (spec 001 §5, §7).
  app.get(
    '/api/users/search',
    {
      config: { readModels: ['skill-search'] },
      schema: { tags: ['users'], querystring: suggestionQuerySchema, response: { 200: z.array(userSuggestionSchema), 400: errorBodySchema, 401: errorBodySchema } },
    },
    async (request) => searchMembers(db, request.query.q, SUGGESTIONS_MAX),
  );

  app.get(
    '/api/users/:id',
    { config: { readModels: ['members', 'balances', 'member-stats'] }, schema: { tags: ['users'], params: idParams, response: { 200: userSchema, ...errors } } },
    async (request) => asSeenBy(request, await userOr404(request.params.id)),
  );

  app.patch(
    '/api/users/:id',
    { schema: { tags: ['users'], params: idParams, body: updateProfileSchema, response: { 200: userSchema, 400: errorBodySchema, ...errors } } },
    async (request, reply) => {
      const session = currentMember(request);
      if (request.params.id !== session.memberId) throw new HttpError(403, 'You can only edit your own profile');
      const result = await updateProfile(deps.commands, {
        memberId: session.memberId,
        actorId: session.memberId,
        patch: request.body,
        now: deps.clock().toISOString(),
        correlationId: request.id,
      });
      // Answered from the read model, so once it shows the change.
      return reply.answerAfterWrite(result, [session.memberId], () => getMember(db, session.memberId, now()));
    },
  );

  app.get(
    '/api/users/:id/balance',
    { config: { readModels: ['balances'] }, schema: { tags: ['users'], params: idParams, response: { 200: balanceSchema, ...errors } } },
    async (request) => {
      if (!maySeePrivate(request, request.params.id)) throw new HttpError(403, 'You can only view your own balance');
      const balance = await getBalance(db, request.params.id);
      if (balance) return balance;
      await userOr404(request.params.id);
      return { availablePoints: 0, heldPoints: 0 };
    },
  );

  app.get(
    '/api/users/:id/transactions',
    { config: { readModels: ['ledger-transactions'] }, schema: { tags: ['users'], params: idParams, response: { 200: z.array(transactionSchema), ...errors } } },
    async (request) => {
      if (!maySeePrivate(request, request.params.id)) throw new HttpError(403, 'You can only view your own transactions');
      return listTransactions(db, request.params.id);
    },
  );
};
