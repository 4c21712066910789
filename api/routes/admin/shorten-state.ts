// Time travel's states, bounded (issue 33 point 2): the answer held each decider's whole state twice, so a
// post of 10,000 comments answered about 1 MB (2 MB at its last event) and the route's p99 passed 100 ms on
// that megabyte alone (docs/performance.md, time travel through the route). A collection longer than the
// limit keeps its first entries, and in an object the keys the event's diff passes through (so the change
// is seen in its place), at most the limit of those again; a STATE_CUT_KEY entry ends it with how many
// more there are. Arrays keep their first entries only: an index must stay the item's own.
import { STATE_CUT_KEY, type StateCut, type StateDiff } from '../../contracts/admin-streams.js';

type Path = StateDiff['path'];

/** The diff's paths as a tree of keys (array indexes as strings, as Object.keys names them). */
export type KeyTree = Map<string, KeyTree>;

export const keyTreeOf = (paths: readonly Path[]): KeyTree => {
  const root: KeyTree = new Map();
  for (const path of paths) {
    let node = root;
    for (const key of path) {
      let next = node.get(String(key));
      if (!next) node.set(String(key), (next = new Map()));
      node = next;
    }
  }
  return root;
};

const more = (count: number) => `${count} more`;

/** The state with each collection longer than `limit` cut as above, and the cuts with their paths and counts. */
export const shortenState = (state: unknown, changed: KeyTree, limit: number): { state: unknown; cuts: StateCut[] } => {
  const cuts: StateCut[] = [];
  const shorten = (value: unknown, tree: KeyTree | undefined, path: Path): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const child = (key: string) => tree?.get(key);
    if (Array.isArray(value)) {
      const items = value.slice(0, limit).map((item, i) => shorten(item, child(String(i)), [...path, i]));
      if (value.length <= limit) return items;
      cuts.push({ path, shown: limit, total: value.length });
      return [...items, { [STATE_CUT_KEY]: more(value.length - limit) }];
    }
    const keys = Object.keys(value);
    const object: Record<string, unknown> = {};
    let extra = 0;
    for (const [i, key] of keys.entries()) {
      const onDiff = child(key) !== undefined;
      if (i >= limit && !(onDiff && extra < limit)) continue;
      if (i >= limit) extra += 1;
      object[key] = shorten((value as Record<string, unknown>)[key], child(key), [...path, key]);
    }
    if (keys.length <= limit) return object;
    const shown = limit + extra;
    cuts.push({ path, shown, total: keys.length });
    object[STATE_CUT_KEY] = more(keys.length - shown);
    return object;
  };
  return { state: shorten(state, changed, []), cuts };
};
