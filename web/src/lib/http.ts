// The client's two request helpers (document 000 §7/§8): reads fail with 'Query failed: {status text}',
// writes with 'API request failed: {status text}'. Both keep the HTTP status and the server's own
// `{error}` text, because screens show the server's message where there is one. Bodies are read
// without text-direction controls (shown-text.ts).
import { CATCHING_UP_HEADER } from '@contracts/catching-up-header';
import { parseShownJson } from './shown-text';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const statusText = (response: Response): string => response.statusText || String(response.status);

/** Told of every answer's SkillSwap-Catching-Up header (null without one): the signed-in frame's store. */
export type AnswerListener = (url: string, catchingUp: string | null) => void;

let listener: AnswerListener | null = null;
// Answers that came before the listener's chunk loaded (the first load's reads), the last per URL.
const early = new Map<string, string | null>();

const heard = (url: string, response: Response): void => {
  const value = response.headers.get(CATCHING_UP_HEADER);
  if (listener) listener(url, value);
  else if (value !== null || early.has(url)) early.set(url, value);
};

/**
 * Tells `next` of every answer from now on, and of the headers heard before (the store that shows them
 * lives in the signed-in frame's chunk, so the landing page loads none of it).
 */
export const listenToAnswers = (next: AnswerListener): void => {
  listener = next;
  for (const [url, value] of early) next(url, value);
  early.clear();
};

const readServerMessage = async (response: Response): Promise<string | null> => {
  try {
    const body: unknown = parseShownJson(await response.text());
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') return body.error;
  } catch {
    // A body that is not JSON carries no message for the member.
  }
  return null;
};

const parseBody = async <T>(response: Response): Promise<T> => {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? parseShownJson(text) : undefined) as T;
};

export const getJson = async <T>(url: string, init?: { signal?: AbortSignal }): Promise<T> => {
  const response = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' }, signal: init?.signal });
  heard(url, response);
  if (!response.ok) {
    throw new ApiError(`Query failed: ${statusText(response)}`, response.status, await readServerMessage(response));
  }
  return parseBody<T>(response);
};

export interface SendOptions {
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
}

export const sendJson = async <T>(url: string, options: SendOptions = {}): Promise<T> => {
  const response = await fetch(url, {
    method: options.method ?? 'POST',
    credentials: 'include',
    // A JSON content type with no body is refused by the server ("Body cannot be empty"), so it is only
    // sent with a body; callers may still override it.
    headers: { ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }), Accept: 'application/json', ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  heard(url, response);
  if (!response.ok) {
    throw new ApiError(`API request failed: ${statusText(response)}`, response.status, await readServerMessage(response));
  }
  return parseBody<T>(response);
};

/** The text to show a member: the server's own message when it gave one, else the fallback. */
export const errorText = (error: unknown, fallback: string): string => (error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback);

export const isStatus = (error: unknown, status: number): boolean => error instanceof ApiError && error.status === status;
