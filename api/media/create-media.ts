// Chooses the media storage from the configuration: S3 when S3_BUCKET is set, else the app's disk.
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import { createMediaUploads, type MediaUploads } from './uploads.js';

export const createMedia = (deps: { config: AppConfig; db: Kysely<unknown>; clock: () => Date; publicUrl: () => string }): MediaUploads => {
  const { config } = deps;
  const storage = config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.mediaDir, deps.publicUrl);
  return createMediaUploads({ db: deps.db, storage, clock: deps.clock });
};
