// Media in an S3 bucket (any S3-protocol server: AWS, MinIO; s3rver in the tests). The member PUTs to
// a presigned URL whose signature binds the Content-Type and, when the size was declared, the
// Content-Length; an SVG is also bound to `Content-Disposition: attachment`, so the bucket hands it
// out as a download rather than a document (and it lives on the bucket's origin, never the app's).
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AppConfig } from '../config.js';
import { s3PublicUrlOf } from './s3-addresses.js';
import { extensionOf, type MediaStorage } from './storage.js';

type S3Config = NonNullable<AppConfig['s3']>;

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

export const createS3Storage = (s3: S3Config): MediaStorage => {
  const client = new S3Client({
    region: s3.region,
    // Otherwise the SDK signs a checksum of the (empty) body into presigned URLs, and S3 refuses the member's PUT.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
    ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
  });
  const publicUrl = s3PublicUrlOf(s3);
  return {
    kind: 's3',
    keysOf: (id, type) => ({ uploadKey: `uploads/${id}`, objectKey: `media/${id}.${extensionOf(type)}` }),
    async uploadTarget({ key, contentType, size, expiresInSeconds }) {
      const svg = contentType === 'image/svg+xml';
      const headers: Record<string, string> = { 'Content-Type': contentType };
      if (svg) headers['Content-Disposition'] = 'attachment';
      const command = new PutObjectCommand({
        Bucket: s3.bucket,
        Key: key,
        ContentType: contentType,
        ...(size !== undefined ? { ContentLength: size } : {}),
        ...(svg ? { ContentDisposition: 'attachment' } : {}),
      });
      const signed = new Set(['content-type', ...(size !== undefined ? ['content-length'] : []), ...(svg ? ['content-disposition'] : [])]);
      const url = await getSignedUrl(client, command, { expiresIn: expiresInSeconds, signableHeaders: signed, unhoistableHeaders: signed });
      return { url, headers };
    },
    objectUrl: (_id, key) => `${publicUrl}/${key}`,
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
        return head.ContentLength === undefined ? null : { size: head.ContentLength, version: head.ETag ?? '' };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async read(key, limit, version) {
      if (limit === 0) return Buffer.alloc(0);
      const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key, Range: `bytes=0-${limit - 1}`, IfMatch: version || undefined }));
      const bytes = await object.Body!.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, limit));
    },
    async put(key, bytes, contentType) {
      // An SVG stays a download on the bucket's origin, as its upload was bound to be.
      const disposition = contentType === 'image/svg+xml' ? { ContentDisposition: 'attachment' } : {};
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length, ...disposition }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
  };
};
