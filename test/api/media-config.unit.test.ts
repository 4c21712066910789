// The settings of media storage and link previews (api/config.ts): defaults that are safe, and a bad
// value named at start.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config.js';
import { s3PublicUrlOf, s3UploadOriginOf } from '../../api/media/s3-addresses.js';
import { problemsOf } from '../support/config-problems.js';

describe('media and link-preview settings', () => {
  it('keeps media on local disk under the data directory and fetches previews from public web ports only', () => {
    const config = loadConfig({ DATA_DIR: '/var/lib/skillswap/' });
    expect(config.s3).toBeUndefined();
    expect(config.mediaDir).toBe('/var/lib/skillswap/media');
    expect(config.linkPreview).toEqual({ allowHosts: [], ports: [80, 443] });
  });

  it('reads MEDIA_DIR, the allowed hosts and ports', () => {
    const config = loadConfig({ MEDIA_DIR: '/srv/media', LINK_PREVIEW_ALLOW_HOSTS: '127.0.0.1, Intranet.example.com,[::1]', LINK_PREVIEW_PORTS: '80,443, 8080' });
    expect(config.mediaDir).toBe('/srv/media');
    expect(config.linkPreview).toEqual({ allowHosts: ['127.0.0.1', 'intranet.example.com', '::1'], ports: [80, 443, 8080] });
    expect(loadConfig({ LINK_PREVIEW_PORTS: 'any' }).linkPreview.ports).toBe('any');
  });

  it('names a bad port list or host list', () => {
    expect(problemsOf({ LINK_PREVIEW_PORTS: '80,70000' })).toMatch(/LINK_PREVIEW_PORTS must be any, or port numbers/);
    expect(problemsOf({ LINK_PREVIEW_PORTS: 'http' })).toMatch(/LINK_PREVIEW_PORTS/);
    expect(problemsOf({ LINK_PREVIEW_ALLOW_HOSTS: 'http://evil/' })).toMatch(/LINK_PREVIEW_ALLOW_HOSTS must be host names or addresses/);
  });

  it('wants S3 credentials together', () => {
    expect(problemsOf({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toMatch(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/);
  });

  it('names where uploads go and where media are read on AWS and on an S3 endpoint', () => {
    const aws = loadConfig({ S3_BUCKET: 'swap-media', S3_REGION: 'eu-west-1' }).s3!;
    expect(s3UploadOriginOf(aws)).toBe('https://swap-media.s3.eu-west-1.amazonaws.com');
    expect(s3PublicUrlOf(aws)).toBe('https://swap-media.s3.eu-west-1.amazonaws.com');
    const minio = loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000/', S3_PUBLIC_URL: 'https://cdn.example.com/' }).s3!;
    expect(s3UploadOriginOf(minio)).toBe('http://minio:9000');
    expect(s3PublicUrlOf(minio)).toBe('https://cdn.example.com');
  });
});
