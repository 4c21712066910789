// Media on the app's own disk (MEDIA_DIR, default $DATA_DIR/media): the app's upload route writes
// there and its file route serves from there (api/routes/media.ts).
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, open, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PassThrough, Transform } from 'node:stream';
import type { MediaStorage } from './storage.js';

export type ReceiveResult = { ok: true; size: number } | { ok: false; reason: 'too-large' | 'aborted' | 'exists' };

export interface LocalMediaStorage extends MediaStorage {
  kind: 'local';
  /** Streams a body into the object, refusing it (and keeping nothing) as soon as it passes `maxBytes`. */
  receive(key: string, body: Readable, maxBytes: number): Promise<ReceiveResult>;
  /** The object's bytes, or those from `start` to `end` inclusive. */
  open(key: string, range?: { start: number; end: number }): Readable;
  start(): Promise<void>;
}

class TooLarge extends Error {}

export const createLocalStorage = (dir: string, publicUrl: () => string): LocalMediaStorage => {
  // Keys are the upload's uuid: no separator or dot-dot can reach the path.
  const pathOf = (key: string) => {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`Not a media key: ${key}`);
    return join(dir, key);
  };
  return {
    kind: 'local',
    start: async () => void (await mkdir(dir, { recursive: true })),
    // The app's route refuses a second PUT once a file exists, so the upload is the object.
    keysOf: (id) => ({ uploadKey: id, objectKey: id }),
    uploadTarget: async ({ id, contentType }) => ({ url: `${publicUrl()}/api/media/${id}/file`, headers: { 'Content-Type': contentType } }),
    objectUrl: (id) => `${publicUrl()}/api/media/${id}/file`,
    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return { size: info.size, version: String(info.mtimeMs) };
      } catch {
        return null;
      }
    },
    async read(key, limit) {
      const file = await open(pathOf(key), 'r');
      try {
        const buffer = Buffer.alloc(limit);
        const { bytesRead } = await file.read(buffer, 0, limit, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await file.close();
      }
    },
    remove: async (key) => unlink(pathOf(key)).catch(() => {}),
    async put(key, bytes) {
      const final = pathOf(key);
      const partial = `${final}.${process.pid}.${Date.now()}.part`;
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, final);
    },
    open: (key, range) => createReadStream(pathOf(key), range),
    async receive(key, body, maxBytes) {
      const final = pathOf(key);
      const partial = `${final}.${process.pid}.${Date.now()}.part`;
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(size > maxBytes ? new TooLarge() : null, chunk);
        },
      });
      // The request itself is not handed to the pipeline: on a refusal the pipeline destroys what it
      // holds, and destroying the request would close the socket before the 413 is answered.
      const source = new PassThrough();
      body.once('close', () => {
        if (!body.readableEnded) source.destroy(new Error('aborted'));
      });
      body.pipe(source);
      try {
        await pipeline(source, counter, createWriteStream(partial, { flags: 'wx' }));
      } catch (error) {
        body.unpipe(source);
        await unlink(partial).catch(() => {});
        return { ok: false, reason: error instanceof TooLarge ? 'too-large' : 'aborted' };
      }
      // link() is atomic and refuses an existing name: the object is whole or absent, never
      // half-written, and a second PUT racing the first cannot replace it.
      try {
        await link(partial, final);
      } catch {
        return { ok: false, reason: 'exists' };
      } finally {
        await unlink(partial).catch(() => {});
      }
      return { ok: true, size };
    },
  };
};
