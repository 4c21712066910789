// The onboarding card and the welcome tour (spec 001 §2.9): the member's own steps, and recording
// that the tour was seen.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markWelcomeTourSeen } from '../../commands/notifications/welcome-tour.js';
import { getMember } from '../../projections/members/queries.js';
import { getOnboarding, summariseOnboarding, type Onboarding } from '../../projections/onboarding/queries.js';
import { assistantAvailable } from '../assistant-wiring.js';
import { onboardingPatchSchema, onboardingSchema } from '../contracts/dashboard.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http-error.js';
import { currentMember } from '../plugins/session.js';
import { assertOwnPath } from '../session-access.js';
import { commonErrors, idParams as userParams } from './route-schemas.js';

const tags = ['onboarding'];
const errors = commonErrors;

const nothingDone = {
  completed_profile: false,
  added_skills: false,
  set_availability: false,
  shared_post: false,
  asked_ai: false,
  scheduled_session: false,
};

export const onboardingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.sql.db;
  // Without the assistant nobody can ask it anything, so that step would keep 'All Set' out of reach.
  const withAssistant = assistantAvailable(deps.config);

  const onboardingOf = async (memberId: string): Promise<Onboarding> => {
    const found = await getOnboarding(db, memberId, withAssistant);
    if (found) return found;
    // A registered member the onboarding read model has not reached yet has done nothing so far.
    if (!(await getMember(db, memberId))) throw new HttpError(404, 'User not found');
    return summariseOnboarding(nothingDone, false, withAssistant);
  };

  app.get(
    '/api/users/:id/onboarding',
    { config: { readModels: ['onboarding', 'members'] }, schema: { tags, params: userParams, response: { 200: onboardingSchema, ...errors } } },
    async (request) => {
      const { memberId } = currentMember(request);
      assertOwnPath(request.params.id, memberId);
      return onboardingOf(memberId);
    },
  );

  app.patch(
    '/api/users/:id/onboarding',
    { schema: { tags, params: userParams, body: onboardingPatchSchema, response: { 200: onboardingSchema, ...errors } } },
    async (request, reply) => {
      const { memberId } = currentMember(request);
      assertOwnPath(request.params.id, memberId, 'You can only update your own onboarding');
      const result = await markWelcomeTourSeen(deps.commands, { memberId, actorId: memberId, now: deps.clock().toISOString(), correlationId: request.id });
      await reply.afterWrite(result, [memberId]); // answered from the read model
      return onboardingOf(memberId);
    },
  );
};
