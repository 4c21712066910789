// Writes brotli (.br) and gzip (.gz) copies next to the client's text files once Vite has built them,
// so the server sends compressed bytes without compressing per request (issue 19 point 18): the
// static plugin picks the copy the browser accepts (api/plugins/static-client.ts, `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// Source maps are fetched by developer tools only; images other than SVG are compressed already.
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));

/** Brotli at its highest quality: done once at build time, so the build pays, not each request. */
export const brotli = (bytes: Buffer): Buffer =>
  brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });

export const gzip = (bytes: Buffer): Buffer => gzipSync(bytes, { level: 9 });

/** Writes the copies for every compressible file under dir; a copy no smaller than its file is skipped. */
export const precompressDir = (dir: string): { files: number; bytes: number; brotliBytes: number } => {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const path of filesUnder(dir)) {
    if (!compressible.test(path) || !statSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    const br = brotli(bytes);
    const gz = gzip(bytes);
    if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
    totals.files += 1;
    totals.bytes += bytes.length;
    totals.brotliBytes += Math.min(br.length, bytes.length);
  }
  return totals;
};

/** The Vite plugin: runs after the bundle is written to outDir. */
export const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'skillswap-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const { files, bytes, brotliBytes } = precompressDir(outDir);
      this.info(`precompressed ${files} files: ${(bytes / 1024).toFixed(0)} kB -> ${(brotliBytes / 1024).toFixed(0)} kB brotli`);
    },
  };
};
