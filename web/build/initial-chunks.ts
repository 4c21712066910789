// What a page loads before it can render, read from the build's manifest (web/dist/.vite/manifest.json):
// the entry and the page's lazy module with everything they import statically, and the compressed bytes
// of those chunks as the server sends them (their .br copies). Used by the landing page's budget check
// (issue 19 point 18) in the e2e tier and by `npm run bench lighthouse`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const readManifest = (distDir: string): Manifest => JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** The chunk files loaded for the entry plus the page modules whose source path matches `page`. */
export const initialChunks = (manifest: Manifest, page: RegExp): string[] => {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const pageKey = Object.keys(manifest).find((key) => page.test(key));
  if (!entry || !pageKey) throw new Error(`The manifest has no ${entry ? `chunk for ${page}` : 'entry'}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(entry);
  visit(pageKey);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
};

/** Bytes the server sends for a built file: its brotli copy when there is one. */
export const compressedSize = (distDir: string, file: string): number => {
  const path = join(distDir, file);
  return existsSync(`${path}.br`) ? statSync(`${path}.br`).size : statSync(path).size;
};

/** The chunk files that belong to the signed-in app: its frame, the modules grouped with it, its pages. */
export const signedInChunk = /\/(app-layout|signed-in|dashboard|profile-route|booking-page|nav-bar|not-yet-available-page)-[\w-]+\.js$/;
