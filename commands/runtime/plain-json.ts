// States as plain JSON, and the change one event made to a state, for the operators' time travel
// (state-at.ts). States are not JSON as they are: long streams keep their records in persistent maps
// (Immutable.js's Map, or the hand-made persistent map it replaced, decision 190), positions are bigints.
// Maps become objects with their keys in order (two equal maps built in different orders read the same),
// sets and lists become arrays, bigints decimal strings (lossless; JSON numbers stop at 2^53), and what
// JSON cannot say (undefined, functions) is left out as JSON.stringify leaves it out.
import { isIndexed, isKeyed, isRecord, isSet } from 'immutable';

export type PlainJson = null | boolean | number | string | PlainJson[] | { [key: string]: PlainJson };

/** One difference between two states: where, and the value before and after (absent when added or removed). */
export interface StateChange {
  /** Keys from the state's root: object and map keys as strings, list indexes as numbers. */
  path: (string | number)[];
  kind: 'added' | 'removed' | 'changed';
  before?: PlainJson;
  after?: PlainJson;
}

/** A keyed collection as this module reads it: a JS Map, an Immutable Map, or the hand-made persistent map. */
interface Keyed {
  readonly size: number;
  get(key: unknown): unknown;
  has(key: unknown): boolean;
  entries(): Iterable<[unknown, unknown]>;
}

type Shape = { kind: 'leaf' } | { kind: 'keyed'; keyed: Keyed } | { kind: 'list'; items: unknown[] } | { kind: 'object'; object: Record<string, unknown> };

const isKeyedLike = (value: object): value is Keyed => {
  const candidate = value as Partial<Keyed>;
  return typeof candidate.size === 'number' && typeof candidate.get === 'function' && typeof candidate.has === 'function' && typeof candidate.entries === 'function';
};

const sortedIfSet = (items: unknown[]) => items.sort((a, b) => (JSON.stringify(toPlainJson(a)) < JSON.stringify(toPlainJson(b)) ? -1 : 1));

const LEAF: Shape = { kind: 'leaf' };

const shapeOf = (value: unknown): Shape => {
  if (typeof value !== 'object' || value === null) return LEAF;
  if (Array.isArray(value)) return { kind: 'list', items: value };
  // Most of a state is plain records (a comment, a hold): no collection test needed for them.
  if (Object.getPrototypeOf(value) === Object.prototype) return { kind: 'object', object: value as Record<string, unknown> };
  if (value instanceof Date) return LEAF;
  // Immutable's own tests first: a List and a Set have get/has/size too, and are not keyed.
  if (isRecord(value)) return { kind: 'object', object: value.toObject() as Record<string, unknown> };
  if (isIndexed(value)) return { kind: 'list', items: [...(value as Iterable<unknown>)] };
  if (isSet(value) || value instanceof Set) return { kind: 'list', items: sortedIfSet([...(value as Iterable<unknown>)]) };
  if (isKeyed(value) || value instanceof Map || isKeyedLike(value)) return { kind: 'keyed', keyed: value as unknown as Keyed };
  return { kind: 'object', object: value as Record<string, unknown> };
};

const leafJson = (value: unknown): PlainJson | undefined => {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    default:
      return value === null ? null : value instanceof Date ? value.toISOString() : String(value);
  }
};

const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

const sortedEntries = (keyed: Keyed): [string, unknown][] => {
  const entries: [string, unknown][] = [];
  for (const [key, value] of keyed.entries()) entries.push([String(key), value]);
  return entries.length > 1 ? entries.sort(byKey) : entries;
};

const recordJson = (record: Record<string, unknown>): { [key: string]: PlainJson } => {
  const object: { [key: string]: PlainJson } = {};
  for (const key of Object.keys(record)) {
    const json = toPlainJson(record[key]);
    if (json !== undefined) object[key] = json;
  }
  return object;
};

const entriesJson = (entries: readonly [string, unknown][]): { [key: string]: PlainJson } => {
  const object: { [key: string]: PlainJson } = {};
  for (const [key, value] of entries) {
    const json = toPlainJson(value);
    if (json !== undefined) object[key] = json;
  }
  return object;
};

/** The value as plain JSON; undefined where JSON.stringify would leave it out. */
export const toPlainJson = (value: unknown): PlainJson | undefined => {
  // A long stream's state is thousands of small records: the common cases first, without allocating.
  if (typeof value !== 'object' || value === null) return leafJson(value);
  if (Object.getPrototypeOf(value) === Object.prototype) return recordJson(value as Record<string, unknown>);
  const shape = shapeOf(value);
  switch (shape.kind) {
    case 'leaf':
      return leafJson(value);
    case 'list':
      return shape.items.map((item) => toPlainJson(item) ?? null);
    case 'keyed':
      return entriesJson(sortedEntries(shape.keyed));
    case 'object':
      return recordJson(shape.object);
  }
};

const changeOf = (path: (string | number)[], before: unknown, after: unknown): StateChange[] => {
  const [from, to] = [toPlainJson(before), toPlainJson(after)];
  if (from === undefined && to === undefined) return [];
  if (from === undefined) return [{ path, kind: 'added', after: to! }];
  if (to === undefined) return [{ path, kind: 'removed', before: from }];
  return JSON.stringify(from) === JSON.stringify(to) ? [] : [{ path, kind: 'changed', before: from, after: to }];
};

/** The keys whose values differ, in order; a map's unchanged entries are the same objects (persistent), so this is a pass of identity checks. */
const keyedDifferences = (before: Keyed, after: Keyed): unknown[] => {
  const keys: unknown[] = [];
  for (const [key, value] of after.entries()) if (!before.has(key) || !Object.is(before.get(key), value)) keys.push(key);
  for (const [key] of before.entries()) if (!after.has(key)) keys.push(key);
  return keys.sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
};

/**
 * What changed from `before` to `after`, down to the smallest values that differ. Parts that are the
 * same object are skipped without a look inside: an event that touches one comment of 10,000 costs a
 * pass over the map's entries, not a comparison of every comment.
 */
export const diffStates = (before: unknown, after: unknown, path: (string | number)[] = []): StateChange[] => {
  if (Object.is(before, after)) return [];
  const [from, to] = [shapeOf(before), shapeOf(after)];
  if (from.kind === 'keyed' && to.kind === 'keyed') {
    const valueIn = (keyed: Keyed, key: unknown) => (keyed.has(key) ? keyed.get(key) : undefined);
    return keyedDifferences(from.keyed, to.keyed).flatMap((key) => diffStates(valueIn(from.keyed, key), valueIn(to.keyed, key), [...path, String(key)]));
  }
  if (from.kind === 'object' && to.kind === 'object') {
    const keys = [...new Set([...Object.keys(from.object), ...Object.keys(to.object)])];
    return keys.flatMap((key) => diffStates(from.object[key], to.object[key], [...path, key]));
  }
  if (from.kind === 'list' && to.kind === 'list') {
    const length = Math.max(from.items.length, to.items.length);
    return Array.from({ length }, (_, i) => diffStates(from.items[i], to.items[i], [...path, i])).flat();
  }
  return changeOf(path, before, after);
};
