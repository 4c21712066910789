// Serves the built React client (web/dist) with an SPA fallback: any path that is not /api, /ws or
// /oidc gets index.html and the client router takes over. Hashed assets are cached for a year. The
// build writes brotli and gzip copies next to each text file (web/build/precompress.ts); the copy the
// browser accepts is sent, with Vary: Accept-Encoding so caches keep the variants apart.
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadSignedInPages, type SignedInPage } from './signed-in-preloads.js';
import { frameworkMessages, holdsOverlongId } from './framework-errors.js';

export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** A source map holds the client's whole source: kept on disk for the error monitor, never sent. */
const isSourceMap = (path: string) => /\.map$/i.test(path);

const serverPath = (path: string) => path === '/api' || path.startsWith('/api/') || path === '/ws' || path === '/oidc' || path.startsWith('/oidc/');

const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SkillSwap</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>SkillSwap</h1>
<p>The web client is not built yet. Run <code>npm start</code> (it builds the client first) or
<code>npm run build</code>, then reload. The API is running at <a href="/api/docs">/api/docs</a>.</p>
</body></html>`;

// The page with the signed-in member's preloads, compressed as the browser accepts it (not cached for long:
// it names this build's chunks and this member's reads).
const sendSignedInPage = (request: FastifyRequest, reply: FastifyReply, page: SignedInPage) => {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
};

const decodedPath = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

export const registerStaticClient = async (app: FastifyInstance, distDir: string = defaultWebDistDir) => {
  const built = existsSync(join(distDir, 'index.html'));
  const signedInPage = built ? loadSignedInPages(distDir) : null;
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // `/` is a directory to @fastify/static: without an index it answers 403 instead of the landing page.
      index: 'index.html',
      cacheControl: false,
      preCompressed: true,
      allowedPath: (pathName) => !isSourceMap(pathName),
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/; anything else may change between deploys.
        res.setHeader('cache-control', filePath.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Set on every file (also one sent as it is), since the answer depends on Accept-Encoding.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0]!;
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !serverPath(path) && !path.startsWith('/assets/') && !isSourceMap(decodedPath(path));
    if (serverPath(path) && holdsOverlongId(path)) return reply.code(414).send({ error: frameworkMessages.FST_ERR_MAX_PARAM_LENGTH });
    if (!isPage) return reply.code(404).send({ error: serverPath(path) ? 'Not found' : 'File not found' });
    if (!built) return reply.code(200).type('text/html').header('cache-control', 'no-cache').send(notBuiltPage);
    if (signedInPage && request.session) {
      const [, search = ''] = request.url.split('?', 2);
      return sendSignedInPage(request, reply, signedInPage(path, search, request.session.memberId));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
};
