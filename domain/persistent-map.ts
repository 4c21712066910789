// An immutable map from strings to values whose `set` and `delete` cost O(log n) and share everything
// they do not change (a hash array mapped trie). States folded from streams that grow with use (a post's
// comments, a conversation's messages, a ledger's holds) keep their records in it: with a copied object
// per event, folding n events cost n² and one more event on a long stream cost n. States stay values:
// a state the command runtime keeps (commands/runtime/stream-cache.ts) is never changed by a later fold.
// The trie's shape depends only on the keys it holds, so two maps with the same entries are deep-equal.

type Leaf<V> = { readonly kind: 'leaf'; readonly hash: number; readonly key: string; readonly value: V };
/** Keys whose 32-bit hashes are equal, sorted by key. */
type Collision<V> = { readonly kind: 'collision'; readonly hash: number; readonly leaves: readonly Leaf<V>[] };
type Branch<V> = { readonly kind: 'branch'; readonly bitmap: number; readonly children: readonly Node<V>[] };
type Node<V> = Leaf<V> | Collision<V> | Branch<V>;

const BITS = 5;
const MASK = (1 << BITS) - 1;

/** FNV-1a over UTF-16 code units. */
const hashOf = (key: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0;
};

const bitAt = (hash: number, shift: number) => 1 << ((hash >>> shift) & MASK);

const popcount = (n: number): number => {
  let x = n - ((n >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

const slot = (bitmap: number, bit: number) => popcount(bitmap & (bit - 1));

const withChild = <T>(list: readonly T[], index: number, child: T): T[] => {
  const copy = list.slice();
  copy[index] = child;
  return copy;
};

const find = <V>(root: Node<V> | undefined, hash: number, key: string): Leaf<V> | undefined => {
  let node = root;
  for (let shift = 0; node; shift += BITS) {
    if (node.kind === 'leaf') return node.key === key ? node : undefined;
    if (node.kind === 'collision') return node.hash === hash ? node.leaves.find((leaf) => leaf.key === key) : undefined;
    const bit = bitAt(hash, shift);
    node = node.bitmap & bit ? node.children[slot(node.bitmap, bit)] : undefined;
  }
  return undefined;
};

/** A branch holding two nodes of different hashes, as deep as their hashes agree. */
const pair = <V>(a: Leaf<V> | Collision<V>, b: Leaf<V> | Collision<V>, shift: number): Branch<V> => {
  const [indexA, indexB] = [(a.hash >>> shift) & MASK, (b.hash >>> shift) & MASK];
  if (indexA === indexB) return { kind: 'branch', bitmap: 1 << indexA, children: [pair(a, b, shift + BITS)] };
  return { kind: 'branch', bitmap: (1 << indexA) | (1 << indexB), children: indexA < indexB ? [a, b] : [b, a] };
};

const insert = <V>(node: Node<V> | undefined, shift: number, leaf: Leaf<V>): Node<V> => {
  if (!node) return leaf;
  if (node.kind === 'branch') {
    const bit = bitAt(leaf.hash, shift);
    const index = slot(node.bitmap, bit);
    if (!(node.bitmap & bit)) {
      const children = node.children.slice();
      children.splice(index, 0, leaf);
      return { kind: 'branch', bitmap: node.bitmap | bit, children };
    }
    const child = node.children[index]!;
    const changed = insert(child, shift + BITS, leaf);
    return changed === child ? node : { kind: 'branch', bitmap: node.bitmap, children: withChild(node.children, index, changed) };
  }
  if (node.hash !== leaf.hash) return pair(node, leaf, shift);
  if (node.kind === 'leaf') {
    if (node.key === leaf.key) return node.value === leaf.value ? node : leaf;
    return { kind: 'collision', hash: leaf.hash, leaves: [node, leaf].sort((a, b) => (a.key < b.key ? -1 : 1)) };
  }
  const others = node.leaves.filter((l) => l.key !== leaf.key);
  return { kind: 'collision', hash: leaf.hash, leaves: [...others, leaf].sort((a, b) => (a.key < b.key ? -1 : 1)) };
};

const remove = <V>(node: Node<V>, shift: number, hash: number, key: string): Node<V> | undefined => {
  if (node.kind === 'leaf') return node.key === key ? undefined : node;
  if (node.kind === 'collision') {
    const leaves = node.leaves.filter((leaf) => leaf.key !== key);
    if (leaves.length === node.leaves.length) return node;
    return leaves.length === 1 ? leaves[0] : { ...node, leaves };
  }
  const bit = bitAt(hash, shift);
  if (!(node.bitmap & bit)) return node;
  const index = slot(node.bitmap, bit);
  const child = node.children[index]!;
  const changed = remove(child, shift + BITS, hash, key);
  if (changed === child) return node;
  if (!changed) {
    if (node.children.length === 1) return undefined;
    const children = node.children.filter((_, i) => i !== index);
    // A lone leaf or collision moves up: the shape stays the one its keys alone would give.
    if (children.length === 1 && children[0]!.kind !== 'branch') return children[0];
    return { kind: 'branch', bitmap: node.bitmap & ~bit, children };
  }
  if (node.children.length === 1 && changed.kind !== 'branch') return changed;
  return { kind: 'branch', bitmap: node.bitmap, children: withChild(node.children, index, changed) };
};

function* leavesOf<V>(node: Node<V> | undefined): Generator<Leaf<V>> {
  if (!node) return;
  if (node.kind === 'leaf') yield node;
  else if (node.kind === 'collision') yield* node.leaves;
  else for (const child of node.children) yield* leavesOf(child);
}

export class PersistentMap<V> {
  // One empty map for all: most comments have no likes, and their states share it.
  private static readonly EMPTY = new PersistentMap<never>(undefined, 0);

  private constructor(
    private readonly root: Node<V> | undefined,
    readonly size: number,
  ) {}

  static empty<V>(): PersistentMap<V> {
    return PersistentMap.EMPTY;
  }

  static of<V>(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    let map = PersistentMap.empty<V>();
    for (const [key, value] of entries) map = map.set(key, value);
    return map;
  }

  get(key: string): V | undefined {
    return find(this.root, hashOf(key), key)?.value;
  }

  has(key: string): boolean {
    return find(this.root, hashOf(key), key) !== undefined;
  }

  /** This map with `key` set to `value`; this map itself when it holds that already. */
  set(key: string, value: V): PersistentMap<V> {
    const hash = hashOf(key);
    const had = find(this.root, hash, key) !== undefined;
    const root = insert(this.root, 0, { kind: 'leaf', hash, key, value });
    return root === this.root ? this : new PersistentMap(root, had ? this.size : this.size + 1);
  }

  /** This map without `key`; this map itself when it does not hold it. */
  delete(key: string): PersistentMap<V> {
    if (!this.root) return this;
    const root = remove(this.root, 0, hashOf(key), key);
    return root === this.root ? this : new PersistentMap(root, this.size - 1);
  }

  *entries(): Generator<[string, V]> {
    for (const leaf of leavesOf(this.root)) yield [leaf.key, leaf.value];
  }

  *keys(): Generator<string> {
    for (const leaf of leavesOf(this.root)) yield leaf.key;
  }

  *values(): Generator<V> {
    for (const leaf of leavesOf(this.root)) yield leaf.value;
  }

  [Symbol.iterator](): Generator<[string, V]> {
    return this.entries();
  }
}
