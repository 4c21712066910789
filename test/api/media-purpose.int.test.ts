// An upload is used only for the purpose it was asked for (issue 29 point 3): a profile picture's upload
// completed as a post's media would be published raw (its EXIF and GPS included) instead of re-encoded,
// and a post's upload set as a profile picture would bypass the feed's check. Each is refused with a
// readable 400 that changes nothing: the upload still works for its own purpose afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTexts } from '../../api/contracts/media.js';
import { profilePictureTexts } from '../../api/contracts/profile-picture.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';
import { smallPng } from './support/media-files.js';

describe('the purpose of an upload', () => {
  let server: TestServer;
  let mediaDir: string;
  let ann: ApiClient;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'skillswap-purpose-'));
    server = await startTestServer({ env: { MEDIA_DIR: mediaDir } });
    ann = await signIn(server.url, 'ann-purpose@example.com', 'Ann');
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const put = (url: string, headers: Record<string, string>, bytes: Buffer) =>
    fetch(url, { method: 'PUT', headers: { ...headers, cookie: ann.cookie }, body: new Uint8Array(bytes) });

  it("refuses to complete a profile picture's upload as a post's media, and the picture can still be set from it", async () => {
    const png = await smallPng(64, 64);
    const asked = await ann.post(`/api/users/${ann.memberId}/profile-picture/upload-url`, { contentType: 'image/png', size: png.length });
    expect(asked.status).toBe(201);
    expect((await put(asked.body.uploadUrl, asked.body.headers, png)).status).toBe(204);

    const completed = await ann.post(`/api/media/${asked.body.uploadId}/complete`, {});
    expect(completed).toMatchObject({ status: 400, body: { error: mediaTexts.profilePictureUpload } });
    // Never served raw: the file route knows no checked file under that id.
    expect((await fetch(asked.body.imageUrl)).status).toBe(404);

    const set = await ann.post(`/api/users/${ann.memberId}/profile-picture`, { uploadId: asked.body.uploadId });
    expect(set.status).toBe(200);
    // Nor can the sizes made from it be attached to a post.
    const sizeId = /\/api\/media\/([0-9a-f-]{36})\/file$/.exec(set.body.imageUrl as string)![1]!;
    const posted = await ann.post('/api/feed-posts', {
      content: 'My new picture',
      category: 'design',
      urgency: 'low',
      media_attachments: [{ id: sizeId, type: 'image', url: set.body.imageUrl }],
    });
    expect(posted).toMatchObject({ status: 400, body: { error: mediaTexts.profilePictureUpload } });
  });

  it("refuses to set a post's upload as the profile picture, and the upload can still be completed for a post", async () => {
    const png = await smallPng(48, 48);
    const asked = await ann.post('/api/media/upload', { visibility: 'public', contentType: 'image/png', size: png.length });
    expect(asked.status).toBe(201);
    expect((await put(asked.body.uploadURL, asked.body.headers, png)).status).toBe(204);
    const before = (await ann.get(`/api/users/${ann.memberId}`)).body.profileImageUrl;

    const byId = await ann.post(`/api/users/${ann.memberId}/profile-picture`, { uploadId: asked.body.id });
    expect(byId).toMatchObject({ status: 400, body: { error: profilePictureTexts.notAPictureUpload } });
    const byUrl = await ann.post(`/api/users/${ann.memberId}/profile-picture`, { imageUrl: `${server.url}/api/media/${asked.body.id}/file` });
    expect(byUrl).toMatchObject({ status: 400, body: { error: profilePictureTexts.notAPictureUpload } });
    expect((await ann.get(`/api/users/${ann.memberId}`)).body.profileImageUrl).toBe(before);

    const completed = await ann.post(`/api/media/${asked.body.id}/complete`, {});
    expect(completed).toMatchObject({ status: 200, body: { id: asked.body.id, type: 'image', width: 48, height: 48 } });
  });
});
