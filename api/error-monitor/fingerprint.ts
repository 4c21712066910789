// The group of an occurrence (issue 32 point 2; Sentry's grouping, admin-anchors §2.1): the error's type
// and the top 3 frames of our own code (file and function; the line only for an anonymous function, whose
// name cannot tell two apart), else the type and the message with what varies between occurrences
// replaced. Pure; the group id is the first 16 hex digits of the fingerprint's SHA-256 (decision 328).
import { createHash } from 'node:crypto';
import type { StackFrame } from '../contracts/admin-errors.js';

/** Changing the rule makes new groups: the version is part of every fingerprint. */
export const FINGERPRINT_VERSION = 'v1';
export const FINGERPRINT_FRAMES = 3;
const MESSAGE_KEPT = 300;

export interface Grouping {
  rule: 'frames' | 'message';
  /** In words an admin reads (the details modal's "why grouped"). */
  parts: string[];
}

export interface Fingerprinted {
  fingerprint: string;
  groupId: string;
  grouping: Grouping;
}

// In this order: a URL or an e-mail holds numbers and quotes of its own; a date holds numbers.
const REPLACEMENTS: readonly (readonly [RegExp, string])[] = [
  [/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"`<>()]+/gi, '<url>'],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '<email>'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  [/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?/g, '<date>'],
  [/'[^']*'|"[^"]*"|`[^`]*`/g, "'<str>'"],
  [/\b0x[0-9a-f]+\b/gi, '<hex>'],
  // A run of 8 or more hex digits with a digit and a letter: a hash or an id, not a word.
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, '<hex>'],
  [/\b\d+\.\d+\b/g, '<num>'],
  [/\b\d+\b/g, '<int>'],
];

/** The message with its numbers, ids, e-mails, URLs, dates and quoted values replaced. */
export const normalizeMessage = (message: string): string => {
  let normalized = message;
  for (const [pattern, replacement] of REPLACEMENTS) normalized = normalized.replace(pattern, replacement);
  return normalized.replace(/\s+/g, ' ').trim().slice(0, MESSAGE_KEPT);
};

const frameKey = (frame: StackFrame) => (frame.function ? `${frame.file} in ${frame.function}` : `${frame.file} in an anonymous function at line ${frame.line ?? '?'}`);

export const groupIdOf = (fingerprint: string): string => createHash('sha256').update(fingerprint).digest('hex').slice(0, 16);

/** The fingerprint of an error, from its type, message and frames (repository paths, in-app marked). */
export const fingerprintOf = (error: { type: string; message: string; frames: readonly StackFrame[] }): Fingerprinted => {
  const type = error.type.trim() || 'Error';
  const ours = error.frames.filter((frame) => frame.inApp).slice(0, FINGERPRINT_FRAMES);
  const grouping: Grouping =
    ours.length > 0
      ? { rule: 'frames', parts: [`type ${type}`, ...ours.map((frame) => `frame ${frameKey(frame)}`)] }
      : { rule: 'message', parts: [`type ${type}`, `message ${normalizeMessage(error.message)}`] };
  const fingerprint = `${FINGERPRINT_VERSION}:${grouping.rule}:${grouping.parts.join('|')}`;
  return { fingerprint, groupId: groupIdOf(fingerprint), grouping };
};
