// Issue 20 point 5 through the real AWS SDK against s3rver (a real S3-protocol server started here):
// the upload is a presigned PUT to the bucket, the server checks the object there before a post may
// use it, keeps the checked copy under a key no presigned URL can write, and deletes what it refuses.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTexts } from '../../api/contracts/media.js';
import { checkAttachments } from '../../api/media/check-attachments.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';
import { elfExecutable, jpegOfSize, MB, phoneExif, scriptedSvg } from './support/media-files.js';

const BUCKET = 'skillswap-media';

describe('media uploads to S3', () => {
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let server: TestServer;
  let ann: ApiClient;
  let oscar: ApiClient;

  beforeAll(async () => {
    s3Dir = await mkdtemp(join(tmpdir(), 'skillswap-s3rver-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: s3Dir, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const address = await s3.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    server = await startTestServer({
      env: { S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    });
    [ann, oscar] = await Promise.all([signIn(server.url, 'ann-s3@example.com', 'Ann'), signIn(server.url, 'oscar-s3@example.com', 'Oscar')]);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await s3?.close();
    await rm(s3Dir, { recursive: true, force: true });
  });

  const ask = (contentType: string, size?: number) => ann.post('/api/media/upload', { visibility: 'public', contentType, ...(size === undefined ? {} : { size }) });
  // No cookie: the bucket is another server, and the presigned URL is all it needs.
  const put = (upload: { uploadURL: string; headers: Record<string, string> }, bytes: Buffer) =>
    fetch(upload.uploadURL, { method: 'PUT', headers: upload.headers, body: new Uint8Array(bytes) });
  const objectExists = async (key: string) => (await fetch(`${endpoint}/${BUCKET}/${key}`, { method: 'HEAD' })).status === 200;

  it('attaches a 1.9 MB JPEG sent with a presigned PUT that binds its type and length', async () => {
    const jpeg = await jpegOfSize(1600, 900, 1.9 * MB, 2.09 * MB);
    const asked = await ask('image/jpeg', jpeg.length);
    expect(asked.status).toBe(201);
    const signed = new URL(asked.body.uploadURL);
    expect(signed.origin).toBe(endpoint);
    expect(signed.pathname).toBe(`/${BUCKET}/uploads/${asked.body.id}`);
    expect(signed.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-type', 'content-length', 'host']));
    // No checksum of an empty body signed in (S3 would refuse the real body against it).
    expect([...signed.searchParams.keys()].filter((k) => k.toLowerCase().startsWith('x-amz-checksum'))).toEqual([]);
    expect(asked.body.headers).toEqual({ 'Content-Type': 'image/jpeg' });
    expect((await put(asked.body, jpeg)).status).toBe(200);

    const completed = await ann.post(`/api/media/${asked.body.id}/complete`, {});
    expect(completed.status).toBe(200);
    const url = `${endpoint}/${BUCKET}/media/${asked.body.id}.jpg`;
    expect(completed.body).toMatchObject({ id: asked.body.id, type: 'image', url, width: 1600, height: 900, aspectRatio: '16:9' });
    const served = await fetch(url);
    // The JPEG re-encoded without its metadata (media-metadata.int.test.ts): the same picture, the size it now has.
    const servedBytes = Buffer.from(await served.arrayBuffer());
    expect(servedBytes.length).toBe(completed.body.sizeBytes);
    expect(await sharp(servedBytes).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 900 });
    // The presigned URL can no longer change what posts show: its key is emptied.
    expect(await objectExists(`uploads/${asked.body.id}`)).toBe(false);

    expect(await checkAttachments(server.sql.handle, ann.memberId, [completed.body], new Date())).toEqual({ ok: true, attachments: [completed.body] });
    expect(await checkAttachments(server.sql.handle, oscar.memberId, [completed.body], new Date())).toEqual({ ok: false, error: mediaTexts.notYourUpload });
  });

  it("publishes a phone's photo to the bucket without its EXIF: no GPS, no camera", async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a6f97' } })
      .jpeg()
      .withExif(phoneExif)
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const asked = await ask('image/jpeg', photo.length);
    expect((await put(asked.body, photo)).status).toBe(200);
    const completed = await ann.post(`/api/media/${asked.body.id}/complete`, {});
    expect(completed.status).toBe(200);
    const served = Buffer.from(await (await fetch(completed.body.url)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect({ exif: meta.exif, xmp: meta.xmp, format: meta.format, width: meta.width }).toEqual({ exif: undefined, xmp: undefined, format: 'jpeg', width: 300 });
    expect(served.toString('latin1')).not.toContain('PhoneMaker');
    expect(await objectExists(`uploads/${asked.body.id}`)).toBe(false);
  });

  it('refuses a 2.1 MB image when asked, and an upload longer than the size it declared', async () => {
    const big = await jpegOfSize(1600, 1000, 2.1 * MB, 2.4 * MB);
    expect(await ask('image/jpeg', big.length)).toMatchObject({ status: 400, body: { error: mediaTexts.imageTooLarge } });
    // The signature binds the declared length, so AWS S3 refuses other bytes; s3rver does not check it,
    // and then the check after upload refuses the object and deletes it.
    const asked = await ask('image/jpeg', 1000);
    expect(new URL(asked.body.uploadURL).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-length');
    const sent = await put(asked.body, big);
    if (sent.status === 200) {
      expect(await ann.post(`/api/media/${asked.body.id}/complete`, {})).toMatchObject({ status: 400, body: { error: mediaTexts.imageTooLarge } });
    }
    expect(await objectExists(`uploads/${asked.body.id}`)).toBe(false);
    expect(await objectExists(`media/${asked.body.id}.jpg`)).toBe(false);
  });

  it('refuses an 11 MB video when asked, and an upload without a declared size', async () => {
    expect(await ask('video/mp4', 11 * MB)).toMatchObject({ status: 400, body: { error: mediaTexts.videoTooLarge } });
    expect(await ask('video/mp4')).toMatchObject({ status: 400, body: { error: mediaTexts.sizeRequired } });
  });

  it('refuses an executable renamed .png and deletes it from the bucket', async () => {
    const asked = await ask('image/png', elfExecutable().length);
    expect((await put(asked.body, elfExecutable())).status).toBe(200);
    expect(await ann.post(`/api/media/${asked.body.id}/complete`, {})).toMatchObject({ status: 400, body: { error: mediaTexts.contentMismatch('image/png') } });
    expect(await objectExists(`uploads/${asked.body.id}`)).toBe(false);
    expect(await objectExists(`media/${asked.body.id}.png`)).toBe(false);
  });

  it('binds an SVG to be a download, and the bucket serves it as one', async () => {
    const asked = await ask('image/svg+xml', scriptedSvg.length);
    expect(asked.body.headers).toEqual({ 'Content-Type': 'image/svg+xml', 'Content-Disposition': 'attachment' });
    expect(new URL(asked.body.uploadURL).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-disposition');
    expect((await put(asked.body, scriptedSvg)).status).toBe(200);
    const completed = await ann.post(`/api/media/${asked.body.id}/complete`, {});
    expect(completed.status).toBe(200);
    const served = await fetch(completed.body.url);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-disposition')).toBe('attachment');
  });

  it("has no upload route of its own when S3 holds the media, and keeps a member's upload theirs", async () => {
    const asked = await ask('image/png', 100);
    expect((await ann.put(`/api/media/${asked.body.id}/file`, {})).status).toBe(404);
    expect((await oscar.post(`/api/media/${asked.body.id}/complete`, {})).status).toBe(404);
    expect(await ann.post(`/api/media/${asked.body.id}/complete`, {})).toMatchObject({ status: 400, body: { error: mediaTexts.notUploaded } });
  });
});
