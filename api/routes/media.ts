// Media uploads (spec 001 §7 `POST /api/media/upload`, issue 20 point 5): ask for an upload, PUT the
// bytes to its uploadURL, then `POST /api/media/{id}/complete` to have them checked; the answer is the
// attachment a post may carry. Without S3 the app is the storage: its own PUT and GET of the file.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaAttachmentSchema, mediaCompleteBodySchema, mediaIdParams, mediaTexts, mediaUploadBodySchema, mediaUploadSchema } from '../contracts/media.js';
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
const serveHeaders = (reply: FastifyReply, contentType: string, size: number, id: string) => {
  reply.header('content-type', contentType).header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=31536000, immutable');
  reply.header('content-length', size).header('accept-ranges', 'bytes');
  if (contentType === 'image/svg+xml') {
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox").header('content-disposition', `attachment; filename="${id}.svg"`);
  } else {
    reply.header('content-disposition', 'inline');
  }
};

/** One byte range of a `Range: bytes=a-b` header (video players seek with them; Safari plays no video without), else null. */
export const byteRangeOf = (header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
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

  typed.get('/api/media/:id/file', { schema: { tags, params: mediaIdParams }, config: { public: true } }, async (request, reply) => {
    const row = await media.ready(request.params.id);
    if (!row) return reply.code(404).send({ error: mediaTexts.fileNotFound });
    const size = row.size_bytes ?? 0;
    const range = byteRangeOf(request.headers.range, size);
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send({ error: mediaTexts.rangeUnsatisfiable });
    serveHeaders(reply, row.content_type, range ? range.end - range.start + 1 : size, row.id);
    if (range === null) return reply.send(storage.open(row.storage_key));
    return reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).send(storage.open(row.storage_key, range));
  });
};

export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaUploads }> = async (app, { media }) => {
  app.post(
    '/api/media/upload',
    { schema: { tags, body: mediaUploadBodySchema, response: { 201: mediaUploadSchema, ...errorResponses(400, 401, 429) } } },
    async (request, reply) => reply.code(201).send(await media.request(currentMember(request).memberId, request.body)),
  );

  app.post(
    '/api/media/:id/complete',
    { schema: { tags, params: mediaIdParams, body: mediaCompleteBodySchema, response: { 200: mediaAttachmentSchema, ...errorResponses(400, 401, 404, 409) } } },
    async (request) => media.complete(currentMember(request).memberId, request.params.id, request.body.aspectRatio),
  );

  if (media.storage.kind === 'local') await app.register(localFileRoutes, { media });
};
