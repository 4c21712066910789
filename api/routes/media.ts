// Media uploads (spec 001 §7 `POST /api/media/upload`, issue 20 point 5): ask for an upload, PUT the
// bytes to its uploadURL, then `POST /api/media/{id}/complete` to have them checked; the answer is the
// attachment a post may carry. Without S3 the app is the storage: its own PUT and GET of the file.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaAttachmentSchema, mediaCompleteBodySchema, mediaIdParams, mediaUploadBodySchema, mediaUploadSchema } from '../contracts/media.js';
import type { LocalMediaStorage } from '../media/local-storage.js';
import type { MediaUploads } from '../media/uploads.js';
import { currentMember } from '../plugins/session.js';
import { errorResponses } from './route-schemas.js';

const tags = ['media'];

/**
 * How a checked file is served from the app's origin. nosniff: the browser keeps the checked type.
 * An SVG can hold script: it is sandboxed by its own CSP (no script, no same-origin rights even when
 * opened directly) and sent as a download, so only an <img> shows it (where SVG never runs script).
 */
const serveHeaders = (reply: FastifyReply, contentType: string, size: number | null, id: string) => {
  reply.header('content-type', contentType).header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=31536000, immutable');
  if (size !== null) reply.header('content-length', size);
  if (contentType === 'image/svg+xml') {
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox").header('content-disposition', `attachment; filename="${id}.svg"`);
  } else {
    reply.header('content-disposition', 'inline');
  }
};

const localFileRoutes = async (app: FastifyInstance, { media }: { media: MediaUploads }) => {
  const storage = media.storage as LocalMediaStorage;
  // The bytes stream to disk as they arrive: no parser reads the body (the route refuses it past the limit).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.put(
    '/api/media/:id/file',
    { schema: { tags, params: mediaIdParams, response: { 204: z.null().describe('Received'), ...errorResponses(400, 401, 404, 409, 413) } } },
    async (request, reply) => {
      const { memberId } = currentMember(request);
      const length = request.headers['content-length'];
      try {
        await media.receive(memberId, request.params.id, {
          contentType: request.headers['content-type'],
          contentLength: length !== undefined && /^\d+$/.test(length) ? Number(length) : null,
          body: request.raw,
        });
      } catch (error) {
        // The rest of a refused body is not read: the connection closes after the answer.
        if (!request.raw.readableEnded) reply.header('connection', 'close');
        throw error;
      }
      return reply.code(204).send(null);
    },
  );

  typed.get('/api/media/:id/file', { schema: { tags, params: mediaIdParams, hide: true }, config: { public: true } }, async (request, reply) => {
    const row = await media.ready(request.params.id);
    if (!row) return reply.code(404).send({ error: 'File not found' });
    serveHeaders(reply, row.content_type, row.size_bytes, row.id);
    return reply.send(storage.open(row.storage_key));
  });
};

export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaUploads }> = async (app, { media }) => {
  app.post(
    '/api/media/upload',
    { schema: { tags, body: mediaUploadBodySchema, response: { 201: mediaUploadSchema, ...errorResponses(400, 401) } } },
    async (request, reply) => reply.code(201).send(await media.request(currentMember(request).memberId, request.body)),
  );

  app.post(
    '/api/media/:id/complete',
    { schema: { tags, params: mediaIdParams, body: mediaCompleteBodySchema, response: { 200: mediaAttachmentSchema, ...errorResponses(400, 401, 404, 409) } } },
    async (request) => media.complete(currentMember(request).memberId, request.params.id, request.body.aspectRatio),
  );

  if (media.storage.kind === 'local') await app.register(localFileRoutes, { media });
};
