// The one place that turns errors into HTTP answers (DESIGN.md §6): domain codes to statuses,
// validation to a readable 400, and every 5xx to a generic body so internals never leak.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { DomainError, type DomainErrorCode } from '../../domain/shared.js';
import { HttpError } from '../http-error.js';
import { connectionLostMessage, DATABASE_CONNECTION_LOST_WHILE_SAVING, DATABASE_RETRY_AFTER_SECONDS, ReadModelBehindError } from './database-errors.js';
import { frameworkMessages } from './framework-errors.js';

const domainStatus: Record<DomainErrorCode, number> = {
  VALIDATION: 400,
  INSUFFICIENT_POINTS: 400,
  NOT_AUTHORISED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_STATE: 409,
  QUOTA_EXCEEDED: 429,
};

export interface ServerErrorReport {
  error: unknown;
  method: string;
  url: string;
  memberId: string | null;
  requestId: string;
  /** A 503 of a lost database connection (the error monitor's critical, decision 329). */
  databaseLost?: boolean;
}

interface Issue {
  path: string;
  message: string;
  /** Zod's issue code, when known (e.g. 'unrecognized_keys'). */
  code?: string;
  keys?: string[];
}

const contextNames: Record<string, string> = { body: 'request body', params: 'path', querystring: 'query', headers: 'headers' };

/** "name: Please enter your name; skillsToTeach.0.pointsPerHour: ..." — at most three issues. */
export const describeIssues = (issues: Issue[], context?: string): string => {
  const shown = issues.slice(0, 3).map(({ path, message, code, keys }) => {
    if (code === 'unrecognized_keys' && keys?.length) {
      return `${keys.length > 1 ? 'Unknown fields' : 'Unknown field'} ${keys.map((k) => (path ? `${path}.${k}` : k)).join(', ')}`;
    }
    // Zod's default for a missing field reads "expected string, received undefined".
    if (path && /received undefined$/.test(message)) return `${path} is required`;
    if (path) return `${path}: ${message}`;
    if (context === 'body' && /expected object/.test(message)) return 'The request body must be a JSON object';
    return context ? `${contextNames[context] ?? context}: ${message}` : message;
  });
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return `${shown.join('; ')}${more}`;
};

const zodIssues = (error: ZodError): Issue[] =>
  error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message, code: i.code, keys: 'keys' in i ? i.keys : undefined }));

const send = (reply: FastifyReply, status: number, error: string) => reply.code(status).send({ error });

/** Node's error for a request whose socket closed before its body was read whole (http's abortIncoming). */
const clientAborted = (error: Error, request: FastifyRequest) =>
  (error as { code?: string }).code === 'ECONNRESET' && error.message === 'aborted' && request.raw.destroyed;

export const registerErrorHandler = (app: FastifyInstance, onServerError?: (report: ServerErrorReport) => void) => {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) return send(reply, domainStatus[error.code] ?? 400, error.message);
    if (error instanceof HttpError) return send(reply, error.statusCode, error.message);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'is invalid',
        code: v.keyword,
        keys: (v.params as { keys?: string[] }).keys,
      }));
      return send(reply, 400, describeIssues(issues, error.validationContext));
    }
    if (error instanceof ZodError) return send(reply, 400, describeIssues(zodIssues(error)));
    if ((error as { code?: string }).code === 'WRONG_EXPECTED_VERSION') {
      return send(reply, 409, 'This was changed at the same time by another request. Please try again.');
    }

    const report = (databaseLost: boolean) => {
      try {
        onServerError?.({
          error,
          method: request.method,
          url: request.url,
          memberId: request.session?.memberId ?? null,
          requestId: request.id,
          databaseLost,
        });
      } catch (reportError) {
        request.log.error({ err: reportError }, 'error reporter failed');
      }
    };

    // The member's own connection closed while their request's body was read (a tab closed mid-upload): Node's
    // 'aborted' ECONNRESET is about the client's socket, not the database's. Nobody is left to answer, and it
    // is no server error (the error monitor once counted it as a lost database).
    if (clientAborted(error, request)) {
      request.log.info({ err: error }, 'request aborted by the client');
      return send(reply, 400, 'The request was aborted.');
    }

    const behind = error instanceof ReadModelBehindError;
    const lost = connectionLostMessage(error) ?? (behind ? DATABASE_CONNECTION_LOST_WHILE_SAVING : null);
    if (lost) {
      request.log.warn({ err: error }, behind ? 'the read models did not show a write in time to answer it' : 'database connection lost');
      report(true);
      return send(reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS), 503, lost);
    }

    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500 && !(error instanceof ResponseSerializationError)) {
      // Fastify's own 4xx (bad JSON, wrong content type, body too large) in words; others are safe to show.
      return send(reply, status, frameworkMessages[(error as FastifyError).code] ?? error.message);
    }

    request.log.error({ err: error }, 'request failed');
    report(false);
    return send(reply, status >= 500 ? status : 500, 'Internal server error');
  });
};
