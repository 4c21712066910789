// Errors raised before any route runs answer in the API's one shape, {error: readable message}
// (issue 19 point 5): Fastify's router (a malformed percent-encoding, an id past maxParamLength),
// Node's HTTP parser (an address or headers too large, a request that is not HTTP), and the body
// parsers (not JSON, empty, prototype keys, another content type, too large). Without this, the first
// two answer Fastify's own {error, code, message, statusCode} and the others its terse phrases.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Fastify's default `maxParamLength`: a longer id makes the router give up on the route. */
export const MAX_PARAM_LENGTH = 100;

/**
 * An API path that no route took because one of its ids is too long. The router reports that itself
 * (FST_ERR_MAX_PARAM_LENGTH) only when no other route matches; with the built client served, its
 * catch-all route takes the path first, and the not-found answer must still say 414.
 */
export const holdsOverlongId = (path: string): boolean => path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH);

/** Readable texts for Fastify's own 4xx codes; the error handler uses them instead of Fastify's. */
export const frameworkMessages: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid: it holds a malformed percent-encoding.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long: an id in it exceeds the length any id can have.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its Content-Type says JSON: send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_INVALID_TYPE: 'The Content-Type header is not valid: send application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: `The request body is too large (at most ${BODY_LIMIT_BYTES / 1024 / 1024} MB).`,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the request body.',
  FST_ERR_CTP_INVALID_CHARSET: 'Unsupported charset: send the request body as UTF-8 JSON.',
};

/** The router's errors (Fastify's `frameworkErrors` option): answered here since no route ran. */
export const answerFrameworkError = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  void reply.code(status).send({ error: frameworkMessages[error.code] ?? 'The request could not be understood.' });
};

const clientErrors: Record<string, [status: number, phrase: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request is too large: its address or headers exceed 16 KB.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
};

/** Node's parser refused the request before Fastify saw it (Fastify's `clientErrorHandler` option). */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, phrase, message] = clientErrors[error.code ?? ''] ?? [400, 'Bad Request', 'The request is not valid HTTP.'];
  this.log.trace({ err: error }, 'client error');
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${phrase}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

class BodyError extends Error {
  readonly statusCode = 400;
}

/** No API body nests anywhere near this deep; the walk below stops here instead of running out of stack. */
export const MAX_BODY_DEPTH = 64;
const TOO_DEEP = Symbol('too deep');

/** The key path of a prototype key (`__proto__`, or `constructor` holding `prototype`), null, or TOO_DEEP. */
const prototypeKey = (value: unknown, path: string, depth = 0): string | null | typeof TOO_DEEP => {
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_BODY_DEPTH) return TOO_DEEP;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key === '__proto__') return at;
    if (key === 'constructor' && inner !== null && typeof inner === 'object' && Object.hasOwn(inner, 'prototype')) return at;
    const found = prototypeKey(inner, at, depth + 1);
    if (found) return found;
  }
  return null;
};

/**
 * JSON bodies: the default parser's rules (prototype keys refused) with messages that say which rule.
 * JSON.parse makes `__proto__` an own key, never the prototype, so the walk sees it before anyone uses it.
 */
export const registerJsonBodies = (app: FastifyInstance) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const raw = text as string;
    if (raw.length === 0) return done(new BodyError(frameworkMessages.FST_ERR_CTP_EMPTY_JSON_BODY!), undefined);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return done(new BodyError(frameworkMessages.FST_ERR_CTP_INVALID_JSON_BODY!), undefined);
    }
    // Only a body naming one of them (possibly escaped) can hold a prototype key.
    const suspect = raw.includes('__proto__') || raw.includes('constructor') || raw.includes('\\u');
    const key = suspect ? prototypeKey(body, '') : null;
    if (key === TOO_DEEP) return done(new BodyError(`The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`), undefined);
    if (key) return done(new BodyError(`The request body may not contain the key ${key} (__proto__ and constructor.prototype are refused).`), undefined);
    done(null, body);
  });
};
