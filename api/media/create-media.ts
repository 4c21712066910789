// Chooses the media storage from the configuration: S3 when S3_BUCKET is set, else the app's disk.
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import { createLocalStorage } from './local-storage.js';
import { createMediaUploads, type MediaUploads } from './uploads.js';

export const createMedia = async (deps: { config: AppConfig; db: Kysely<unknown>; clock: () => Date; publicUrl: () => string }): Promise<MediaUploads> => {
  const { config } = deps;
  // The AWS SDK is loaded only when S3 is configured: it is a large import for every start otherwise.
  const storage = config.s3 ? (await import('./s3-storage.js')).createS3Storage(config.s3) : createLocalStorage(config.mediaDir, deps.publicUrl);
  return createMediaUploads({ db: deps.db, storage, clock: deps.clock });
};
