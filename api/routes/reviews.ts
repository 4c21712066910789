// The reviews page's call (spec 001 §2.11, §7): a member's reviews, for any signed-in member. The
// spec's client fetched every session and filtered them; the server answers the rated, completed
// sessions the member taught, newest first, and the page filters and sorts them (decision 165).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listReviews } from '../../projections/member-stats/queries.js';
import { getMember } from '../../projections/members/queries.js';
import { reviewSchema, reviewTexts } from '../contracts/reviews.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http-error.js';
import { commonErrors, idParams } from './route-schemas.js';

export const reviewRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.sql.db;
  app.get(
    '/api/users/:id/reviews',
    { config: { readModels: ['member-stats', 'members'] }, schema: { tags: ['reviews'], params: idParams, response: { 200: z.array(reviewSchema), ...commonErrors } } },
    async (request) => {
      if (!(await getMember(db, request.params.id))) throw new HttpError(404, reviewTexts.userNotFound);
      return listReviews(db, request.params.id);
    },
  );
};
