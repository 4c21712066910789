// Fewer, larger chunks for the signed-in app (issue 19, Lighthouse on the dashboard). Left to itself the
// bundler gives every module shared by two lazy pages a chunk of its own: the dashboard loaded 33-39
// scripts, most of them an icon or a small component, and on a slow connection each costs a round trip.
// A module goes into the one `signed-in` chunk when every page that reaches it is a signed-in one and the
// signed-in frame (nav bar, menus, chat dock) or the dashboard's first screen is among them; `shared` takes
// what the public pages and the signed-in app both use. What only the dashboard's page and sidebar reach
// goes into a `dashboard` chunk of its own: in `signed-in` it was downloaded and run before /feed's and
// /search's first screen too (issue 29 point 18). Anything the entry reaches stays where the bundler puts
// it, so the landing page loads no signed-in code (test/e2e/landing-bundle.e2e.test.ts), and the form
// libraries, reached only by the dialogs and the other signed-in pages, keep their chunks
// (test/e2e/dashboard-bundle.e2e.test.ts).
import type { ChunkingContext } from 'rolldown';

type Root = 'entry' | 'frame' | 'dashboard' | 'signed-in' | 'public' | 'other';

/**
 * A lazily imported module: a page, the signed-in frame, a dialog. The admin client's chunk counts as none:
 * what it shares with the dashboard (ui/table) stays in the dashboard's chunk, which an admin page then loads,
 * rather than moving into `signed-in`, ahead of /feed's and /search's first screen.
 */
const rootKind = (id: string): Root | null => {
  if (/[\\/]src[\\/]features[\\/]admin[\\/]/.test(id)) return null;
  if (/[\\/]src[\\/]app[\\/]app-layout\.tsx$/.test(id)) return 'frame';
  if (/[\\/]src[\\/]app[\\/](dashboard-route|dashboard-sidebar)\.tsx$/.test(id)) return 'dashboard';
  if (/[\\/]src[\\/]app[\\/]/.test(id)) return 'signed-in';
  if (/[\\/]src[\\/]features[\\/](public|auth)[\\/]/.test(id)) return 'public';
  if (/[\\/]src[\\/]features[\\/]/.test(id)) return 'signed-in';
  return 'other';
};

// lucide-react's icons are reached through its barrel, which everything imports (the entry too): an
// icon's real importers are the modules that name it in `import { ... } from 'lucide-react'`.
const lucideIcon = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.js$/;
const lucideImport = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;

const iconNames = (barrel: string, file: string): Set<string> => {
  const names = new Set<string>();
  for (const line of barrel.split('\n')) {
    if (!line.endsWith(`'./icons/${file}.js';`)) continue;
    for (const match of line.matchAll(/default as (\w+)/g)) names.add(match[1]!);
  }
  return names;
};

const importersOf = (id: string, ctx: ChunkingContext): string[] => {
  const info = ctx.getModuleInfo(id);
  if (!info) return [];
  const icon = lucideIcon.exec(id);
  if (!icon || icon[1] === 'index') return info.importers;
  const barrelId = info.importers.find((importer) => importer.endsWith('lucide-react.js'));
  const barrel = barrelId ? ctx.getModuleInfo(barrelId) : null;
  if (!barrel?.code) return info.importers;
  const names = iconNames(barrel.code, icon[1]!);
  return barrel.importers.filter((importer) => {
    const code = ctx.getModuleInfo(importer)?.code ?? '';
    return [...code.matchAll(lucideImport)].some((clause) => clause[1]!.split(',').some((part) => names.has(part.trim().split(/\s+as\s+/)[0]!)));
  });
};

/** The kinds of lazy modules (or the entry) that reach `id` through static imports. */
const rootsOf = (id: string, ctx: ChunkingContext, memo: Map<string, Set<Root>>, visiting = new Set<string>()): Set<Root> => {
  const known = memo.get(id);
  if (known) return known;
  const info = ctx.getModuleInfo(id);
  const roots = new Set<Root>();
  if (!info || visiting.has(id)) return roots;
  visiting.add(id);
  if (info.isEntry) roots.add('entry');
  const kind = info.dynamicImporters.length > 0 ? rootKind(id) : null;
  if (kind) roots.add(kind);
  for (const importer of importersOf(id, ctx)) for (const root of rootsOf(importer, ctx, memo, visiting)) roots.add(root);
  visiting.delete(id);
  memo.set(id, roots);
  return roots;
};

export const signedInChunkGroups = () => {
  const memo = new Map<string, Set<Root>>();
  return {
    groups: [
      {
        name: (id: string, ctx: ChunkingContext): string | null => {
          // A page or a dialog stays its own chunk, loaded when it is needed.
          if (ctx.getModuleInfo(id)?.dynamicImporters.length) return null;
          const roots = rootsOf(id, ctx, memo);
          if (roots.size === 0 || roots.has('entry') || roots.has('other')) return null;
          if (!roots.has('frame') && !roots.has('dashboard')) return null;
          if (roots.has('public')) return 'shared';
          // Only the dashboard's page and sidebar: not before another page's first screen.
          if (roots.size === 1 && roots.has('dashboard')) return 'dashboard';
          return 'signed-in';
        },
        // Not what the captured modules import in turn: that could pull the entry's modules in.
        includeDependenciesRecursively: false,
      },
    ],
  };
};
