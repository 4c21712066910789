// The addresses of an S3 configuration, without the SDK (the page's CSP needs them on every start).
import type { AppConfig } from '../config.js';

type S3Config = NonNullable<AppConfig['s3']>;

export const s3PublicUrlOf = (s3: S3Config): string => {
  if (s3.publicUrl) return s3.publicUrl.replace(/\/+$/, '');
  if (s3.endpoint) return `${s3.endpoint.replace(/\/+$/, '')}/${s3.bucket}`;
  return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
};

/** Where the browser sends presigned PUTs (the page's CSP must allow it): the endpoint, else AWS's virtual-hosted bucket. */
export const s3UploadOriginOf = (s3: S3Config): string => (s3.endpoint ? new URL(s3.endpoint).origin : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`);
