// The profile picture's two calls (spec 001 §7): ask for an upload, then (after the PUT of the bytes)
// set it. Only for oneself: another member's picture is a 403 before anything is stored.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeProfilePicture } from '../../commands/members.js';
import {
  profilePictureSchema,
  profilePictureTexts,
  profilePictureUploadBodySchema,
  profilePictureUploadSchema,
  setProfilePictureBodySchema,
} from '../contracts/profile-picture.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http-error.js';
import type { ProfilePictures } from '../media/profile-pictures.js';
import { currentMember } from '../plugins/session.js';
import { errorResponses, idParams } from './route-schemas.js';

const tags = ['users'];

export const profilePictureRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; pictures: ProfilePictures }> = async (app, { deps, pictures }) => {
  const self = (id: string, memberId: string) => {
    if (id !== memberId) throw new HttpError(403, profilePictureTexts.onlyOwn);
  };

  app.post(
    '/api/users/:id/profile-picture/upload-url',
    { schema: { tags, params: idParams, body: profilePictureUploadBodySchema, response: { 201: profilePictureUploadSchema, ...errorResponses(400, 401, 403, 429) } } },
    async (request, reply) => {
      const { memberId } = currentMember(request);
      self(request.params.id, memberId);
      return reply.code(201).send(await pictures.requestUpload(memberId, request.body));
    },
  );

  app.post(
    '/api/users/:id/profile-picture',
    { schema: { tags, params: idParams, body: setProfilePictureBodySchema, response: { 200: profilePictureSchema, ...errorResponses(400, 401, 403, 409) } } },
    async (request, reply) => {
      const { memberId } = currentMember(request);
      self(request.params.id, memberId);
      const stored = await pictures.store(memberId, request.body);
      const written = await changeProfilePicture(deps.commands, {
        memberId,
        actorId: memberId,
        ...stored,
        now: deps.clock().toISOString(),
        correlationId: request.id,
      });
      await reply.afterWrite(written, [memberId]);
      return { success: true as const, ...stored };
    },
  );
};
