// PostgreSQL refuses a NUL character in text and jsonb, and a lone UTF-16 surrogate has no UTF-8 form:
// either one in a path, a query or a JSON body used to fail deep in a write as a 500. Every request's
// input is checked once here, before the route's schema, and refused with a readable 400; nothing runs.
import type { FastifyInstance } from 'fastify';

export const UNSAFE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired surrogate characters';

// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when any string in the value, keys included, holds a character PostgreSQL cannot store. */
export const holdsUnsafeText = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return UNSAFE.test(value);
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => holdsUnsafeText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => UNSAFE.test(key) || holdsUnsafeText(item, depth + 1));
};

export const registerTextInputCheck = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request, reply) => {
    if (holdsUnsafeText(request.params) || holdsUnsafeText(request.query) || holdsUnsafeText(request.body)) {
      return reply.code(400).send({ error: UNSAFE_TEXT_MESSAGE });
    }
  });
};
