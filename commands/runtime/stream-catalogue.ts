// The stream catalogue: which category a stream id belongs to, and which deciders fold its streams
// (DESIGN.md §13). The composition root lists the categories (commands/stream-catalogue.ts, put under
// stateAt by commands/wiring.ts) from the same stream-id functions the commands use, so time travel
// (state-at.ts) folds a stream with the code the command runtime folds it with, and no hidden registry
// grows apart from the commands.
import type { FoldingDecider } from './types.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- a catalogue holds deciders of every state */
/** The deciders that fold one category's streams, by name: `member-{id}` has two (profile and welcome tour). */
export type CategoryFolds = Readonly<Record<string, FoldingDecider<any>>>;
/** A function that names streams of a category (commands/stream-ids.ts), or lists them. */
export type StreamIdFunction = (...args: any[]) => string | readonly string[];
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * How a category's ids are recognised. A category is not always the first dash segment: `slots-carried-over`
 * (a marker) sits beside `slots-{mentor}-{hour}`, `skill-catalogue-` beside `skill-likes-`; an exact name
 * wins over any prefix, and a longer prefix over a shorter one.
 */
export type CategoryMatch = { readonly prefix: string } | { readonly exact: string };

interface CategoryBase {
  readonly match: CategoryMatch;
  /** What its streams hold, in a few words, for the operator's list of categories. */
  readonly describes: string;
  /** The stream-id functions (or, for a single stream, its name) that name its streams: every export of stream-ids.ts is in one category's list (its test). */
  readonly namedBy: readonly (StreamIdFunction | string)[];
  /** Ids its functions make, each of which must resolve to this category (checked by the catalogue's test). */
  readonly examples: () => readonly string[];
}

/** Streams decided on by deciders: stateAt folds them. */
export interface FoldedCategory extends CategoryBase {
  readonly kind: 'folded';
  readonly folds: CategoryFolds;
}

/** Index and marker streams that no decider decides on: stateAt answers their raw events. */
export interface RawCategory extends CategoryBase {
  readonly kind: 'raw';
}

export type StreamCategory = FoldedCategory | RawCategory;

export interface StreamCatalogue {
  readonly categories: readonly StreamCategory[];
  /** The category a stream id belongs to; undefined when none claims it. */
  categoryOf(streamId: string): StreamCategory | undefined;
}

/** The category's name as operators read it: `member-` (a prefix) or `slots-carried-over` (one stream). */
export const categoryName = (category: StreamCategory): string => ('exact' in category.match ? category.match.exact : category.match.prefix);

export const defineStreamCatalogue = (categories: readonly StreamCategory[]): StreamCatalogue => {
  const names = categories.map(categoryName);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new Error(`Stream category ${twice} is listed twice`);
  const exact = new Map<string, StreamCategory>();
  for (const category of categories) if ('exact' in category.match) exact.set(category.match.exact, category);
  // Longest first: the first prefix that fits is the most specific one.
  const prefixed = categories
    .filter((category): category is StreamCategory & { match: { prefix: string } } => 'prefix' in category.match)
    .sort((a, b) => b.match.prefix.length - a.match.prefix.length);
  return {
    categories,
    categoryOf: (streamId) =>
      exact.get(streamId) ?? prefixed.find((category) => streamId.startsWith(category.match.prefix) && streamId.length > category.match.prefix.length),
  };
};
