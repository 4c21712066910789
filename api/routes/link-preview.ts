// GET /api/og?url= (spec 001 §7): a page's preview, fetched by the server (api/link-preview/). Members
// only, so the server is no open fetcher for anyone on the internet.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkPreviewQuerySchema, linkPreviewSchema, linkPreviewTexts } from '../contracts/link-preview.js';
import type { LinkPreviewer } from '../link-preview/previewer.js';
import { errorResponses } from './route-schemas.js';

export const linkPreviewRoutes: FastifyPluginAsyncZod<{ previewer: LinkPreviewer }> = async (app, { previewer }) => {
  app.addHook('onClose', async () => {
    await previewer.close().catch(() => {});
  });
  app.get(
    '/api/og',
    { schema: { tags: ['feed'], querystring: linkPreviewQuerySchema, response: { 200: linkPreviewSchema, ...errorResponses(400, 401) } } },
    async (request) => previewer.preview(request.query.url),
  );
  // A preview's image through the app (issue 29 point 13): the page's policy blocks http images, and the
  // image's server then sees the app rather than each reader. Cached by the reader's browser for a day.
  // No response schema: the answer is an image; a refusal is a 404 with its text.
  app.get('/api/og/image', { schema: { tags: ['feed'], querystring: linkPreviewQuerySchema } }, async (request, reply) => {
    const image = await previewer.image(request.query.url);
    if (!image) return reply.code(404).header('cache-control', 'private, max-age=300').send({ error: linkPreviewTexts.imageNotFound });
    return reply
      .header('content-type', image.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=86400')
      .send(image.body);
  });
};
