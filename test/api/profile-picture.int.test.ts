// Issue 21 point 5: the profile picture. Ask for an upload, PUT the bytes, set it; the server checks the
// bytes (a text file named .jpg is refused, so is one over 2 MB), strips every metadata (EXIF and GPS
// of the member's camera), keeps a 256 px picture and a 128 px avatar, and every read model that draws
// the member shows them. Only the member may change their own picture; a refusal changes nothing.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTexts } from '../../api/contracts/media.js';
import { PROFILE_PICTURE_SIZES, profilePictureTexts } from '../../api/contracts/profile-picture.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';
import { jpegOfSize, MB } from './support/media-files.js';

/** A photo as a phone takes it: EXIF with the camera, the author and where it was taken. */
const photoWithExif = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6f97' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12', Artist: 'Ann Private', Copyright: 'Ann Private' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();

type Upload = { uploadId: string; uploadUrl: string; imageUrl: string; headers: Record<string, string> };

const flow = (server: () => TestServer, withCookie: boolean) => {
  const ask = (client: ApiClient, body: { contentType: string; size?: number }, id = client.memberId) => client.post(`/api/users/${id}/profile-picture/upload-url`, body);
  const put = (client: ApiClient, upload: Upload, bytes: Buffer) =>
    fetch(upload.uploadUrl, { method: 'PUT', headers: { ...upload.headers, ...(withCookie ? { cookie: client.cookie } : {}) }, body: new Uint8Array(bytes) });
  const set = (client: ApiClient, body: object, id = client.memberId) => client.post(`/api/users/${id}/profile-picture`, body);
  const upload = async (client: ApiClient, bytes: Buffer, contentType = 'image/jpeg') => {
    const asked = await ask(client, { contentType, size: bytes.length });
    expect(asked.status).toBe(201);
    expect((await put(client, asked.body, bytes)).ok).toBe(true);
    return asked.body as Upload;
  };
  const pictureOf = async (client: ApiClient) => {
    const user = (await client.get(`/api/users/${client.memberId}`)).body;
    return { profileImageUrl: user.profileImageUrl as string | null, avatar: user.avatar as string | null };
  };
  const fetchBytes = async (url: string) => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  void server;
  return { ask, put, set, upload, pictureOf, fetchBytes };
};

describe('profile pictures on local disk', () => {
  let server: TestServer;
  let mediaDir: string;
  let ann: ApiClient;
  let oscar: ApiClient;
  const f = flow(() => server, true);

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'skillswap-pictures-'));
    server = await startTestServer({ env: { MEDIA_DIR: mediaDir } });
    [ann, oscar] = await Promise.all([signIn(server.url, 'ann-picture@example.com', 'Ann'), signIn(server.url, 'oscar-picture@example.com', 'Oscar')]);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('asks for an upload of a JPEG and answers where to PUT it and the imageUrl naming it', async () => {
    const asked = await f.ask(ann, { contentType: 'image/jpeg', size: 1000 });
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({
      uploadId: expect.any(String),
      uploadUrl: `${server.url}/api/media/${asked.body.uploadId}/file`,
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      imageUrl: `${server.url}/api/media/${asked.body.uploadId}/file`,
      maxBytes: 2 * 1024 * 1024,
      expiresAt: expect.any(String),
    });
  });

  it('stores the picture at 256 and 128 px without any metadata, and shows it on the profile, in the nav and to others', async () => {
    const photo = await photoWithExif();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(photo.includes(Buffer.from('Ann Private'))).toBe(true);

    const upload = await f.upload(ann, photo);
    // The spec's client names the upload by its imageUrl.
    const set = await f.set(ann, { imageUrl: upload.imageUrl });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      success: true,
      imageUrl: expect.stringMatching(/\/api\/media\/[0-9a-f-]{36}\/file$/),
      avatarUrl: expect.stringMatching(/\/api\/media\/[0-9a-f-]{36}\/file$/),
    });
    const { imageUrl, avatarUrl } = set.body as { imageUrl: string; avatarUrl: string };

    for (const [url, px] of [
      [imageUrl, PROFILE_PICTURE_SIZES.picture],
      [avatarUrl, PROFILE_PICTURE_SIZES.avatar],
    ] as const) {
      const stored = await f.fetchBytes(url);
      const meta = await sharp(stored).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: px, height: px });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(stored.includes(Buffer.from('Ann Private'))).toBe(false);
      expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
    // The upload itself, EXIF and all, is gone from the disk and is not served.
    expect(await readdir(mediaDir)).not.toContain(upload.uploadId);
    expect((await fetch(upload.imageUrl)).status).toBe(404);

    // The profile, GET /api/user (the nav bar) and another member's view show it.
    expect(await f.pictureOf(ann)).toEqual({ profileImageUrl: imageUrl, avatar: avatarUrl });
    expect((await ann.get('/api/user')).body).toMatchObject({ profileImageUrl: imageUrl, avatar: avatarUrl });
    const seenByOscar = (await oscar.get(`/api/users/${ann.memberId}`)).body;
    expect(seenByOscar).toMatchObject({ profileImageUrl: imageUrl, avatar: avatarUrl });
    expect((await oscar.get('/api/users')).body.find((u: { id: string }) => u.id === ann.memberId)).toMatchObject({ avatar: avatarUrl });
    // The feed's authors are drawn with the avatar size.
    const posted = await ann.post('/api/feed-posts', { content: 'New photo, who dis', category: 'design', urgency: 'low' });
    expect(posted.status).toBe(201);
    expect((await oscar.get(`/api/posts/${posted.body.post.id}`)).body.post).toMatchObject({ author: { id: ann.memberId, avatar: avatarUrl } });

    // The member stream records the change.
    const events = await server.store.readStream(`member-${ann.memberId}`);
    expect(events.filter((e) => e.type === 'ProfilePictureChanged').map((e) => e.data)).toEqual([{ memberId: ann.memberId, imageUrl, avatarUrl }]);

    // The same upload cannot be set twice.
    expect(await f.set(ann, { uploadId: upload.uploadId })).toMatchObject({ status: 409, body: { error: profilePictureTexts.alreadyUsed } });
  });

  it("refuses with 403 to ask for or set another member's picture, and changes nothing", async () => {
    const before = await f.pictureOf(oscar);
    expect(await f.ask(ann, { contentType: 'image/jpeg', size: 1000 }, oscar.memberId)).toMatchObject({ status: 403, body: { error: profilePictureTexts.onlyOwn } });
    const annsUpload = await f.upload(ann, await photoWithExif());
    expect(await f.set(ann, { uploadId: annsUpload.uploadId }, oscar.memberId)).toMatchObject({ status: 403, body: { error: profilePictureTexts.onlyOwn } });
    // Oscar cannot use Ann's upload either: it is not his.
    expect(await f.set(oscar, { uploadId: annsUpload.uploadId })).toMatchObject({ status: 400, body: { error: mediaTexts.uploadNotFound } });
    expect(await f.pictureOf(oscar)).toEqual(before);
  });

  it('refuses a text file renamed .jpg with a 400, deletes it and keeps the old picture', async () => {
    const before = await f.pictureOf(ann);
    const text = Buffer.from('This is not a picture at all, only text saved as holiday.jpg\n'.repeat(20));
    const upload = await f.upload(ann, text);
    const refused = await f.set(ann, { uploadId: upload.uploadId });
    expect(refused).toMatchObject({ status: 400, body: { error: mediaTexts.contentMismatch('image/jpeg') } });
    expect(await readdir(mediaDir)).not.toContain(upload.uploadId);
    expect(await f.pictureOf(ann)).toEqual(before);
  });

  it('refuses a picture over 2 MB, declared or sent, and keeps the old picture', async () => {
    const before = await f.pictureOf(ann);
    const big = await jpegOfSize(1600, 1000, 2.1 * MB, 2.4 * MB);
    expect(await f.ask(ann, { contentType: 'image/jpeg', size: big.length })).toMatchObject({ status: 400, body: { error: mediaTexts.imageTooLarge } });
    const undeclared = await f.ask(ann, { contentType: 'image/jpeg' });
    expect((await f.put(ann, undeclared.body, big)).status).toBe(413);
    expect(await f.set(ann, { uploadId: undeclared.body.uploadId })).toMatchObject({ status: 400, body: { error: mediaTexts.notUploaded } });
    expect(await f.pictureOf(ann)).toEqual(before);
  });

  it('refuses types that are not pictures, bodies without an upload, and signed-out callers', async () => {
    for (const contentType of ['application/pdf', 'video/mp4', 'image/svg+xml', 'text/plain']) {
      expect(await f.ask(ann, { contentType, size: 100 })).toMatchObject({ status: 400, body: { error: profilePictureTexts.notAnImage } });
    }
    expect(await f.set(ann, {})).toMatchObject({ status: 400, body: { error: expect.stringContaining(profilePictureTexts.uploadOrUrl) } });
    expect(await f.set(ann, { imageUrl: `${server.url}/api/media/00000000-0000-4000-8000-000000000000/file` })).toMatchObject({
      status: 400,
      body: { error: mediaTexts.uploadNotFound },
    });
    const anonymous = { 'content-type': 'application/json', origin: server.url };
    for (const path of [`/api/users/${ann.memberId}/profile-picture/upload-url`, `/api/users/${ann.memberId}/profile-picture`]) {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: anonymous, body: JSON.stringify({ contentType: 'image/jpeg', uploadId: 'x' }) });
      expect(response.status).toBe(401);
    }
  });
});

describe('profile pictures on S3', () => {
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let server: TestServer;
  let ann: ApiClient;
  const f = flow(() => server, false);
  const BUCKET = 'skillswap-pictures';

  beforeAll(async () => {
    s3Dir = await mkdtemp(join(tmpdir(), 'skillswap-s3-pictures-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: s3Dir, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
    endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
    server = await startTestServer({
      env: { S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    });
    ann = await signIn(server.url, 'ann-s3-picture@example.com', 'Ann');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await s3?.close();
    await rm(s3Dir, { recursive: true, force: true });
  });

  it('keeps both sizes in the bucket under media/, stripped, and deletes the presigned upload', async () => {
    const upload = await f.upload(ann, await photoWithExif());
    expect(new URL(upload.uploadUrl).pathname).toBe(`/${BUCKET}/uploads/${upload.uploadId}`);
    const set = await f.set(ann, { uploadId: upload.uploadId });
    expect(set.status).toBe(200);
    for (const [url, px] of [
      [set.body.imageUrl as string, 256],
      [set.body.avatarUrl as string, 128],
    ] as const) {
      expect(url.startsWith(`${endpoint}/${BUCKET}/media/`)).toBe(true);
      const meta = await sharp(await f.fetchBytes(url)).metadata();
      expect({ width: meta.width, height: meta.height, exif: meta.exif }).toEqual({ width: px, height: px, exif: undefined });
    }
    expect((await fetch(`${endpoint}/${BUCKET}/uploads/${upload.uploadId}`, { method: 'HEAD' })).status).toBe(404);
    expect(await f.pictureOf(ann)).toEqual({ profileImageUrl: set.body.imageUrl, avatar: set.body.avatarUrl });
  });
});
