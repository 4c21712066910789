// GET /api/og?url= (spec 001 §7): a page's preview, fetched by the server (api/link-preview/). Members
// only, so the server is no open fetcher for anyone on the internet.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkPreviewQuerySchema, linkPreviewSchema } from '../contracts/link-preview.js';
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
};
