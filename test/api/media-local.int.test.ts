// Issue 20 point 5 on the app's own disk (no S3_*): ask for an upload, PUT the bytes to its uploadURL,
// have them checked, attach. The spec's limits (images 2 MB, videos 10 MB) and types hold, the content
// must be what its type says, only the member's own checked upload attaches, SVG cannot run script.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTexts, uploadFailedMessage } from '../../api/contracts/media.js';
import { checkAttachments } from '../../api/media/check-attachments.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';
import { elfExecutable, jpegOfSize, MB, mp4OfSize, putStreaming, scriptedSvg, smallPng } from './support/media-files.js';

describe('media uploads on local disk', () => {
  let server: TestServer;
  let mediaDir: string;
  let ann: ApiClient;
  let oscar: ApiClient;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'skillswap-media-'));
    server = await startTestServer({ env: { MEDIA_DIR: mediaDir }, now: '2026-12-07T08:00:00.000Z' });
    [ann, oscar] = await Promise.all([signIn(server.url, 'ann-media@example.com', 'Ann'), signIn(server.url, 'oscar-media@example.com', 'Oscar')]);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const ask = (client: ApiClient, contentType: string, size?: number) =>
    client.post('/api/media/upload', { visibility: 'public', contentType, ...(size === undefined ? {} : { size }) });
  const put = (client: ApiClient, upload: { uploadURL: string; headers: Record<string, string> }, bytes: Buffer) =>
    fetch(upload.uploadURL, { method: 'PUT', headers: { ...upload.headers, cookie: client.cookie }, body: new Uint8Array(bytes) });
  const uploadAndCheck = async (client: ApiClient, bytes: Buffer, contentType: string) => {
    const asked = await ask(client, contentType, bytes.length);
    expect(asked.status).toBe(201);
    const sent = await put(client, asked.body, bytes);
    expect(sent.status).toBe(204);
    return { id: asked.body.id as string, uploadURL: asked.body.uploadURL as string, completed: await client.post(`/api/media/${asked.body.id}/complete`, {}) };
  };

  it('checks a 1.9 MB JPEG and attaches it with its size, dimensions and aspect ratio', async () => {
    const jpeg = await jpegOfSize(1600, 900, 1.9 * MB, 2.09 * MB);
    const { id, uploadURL, completed } = await uploadAndCheck(ann, jpeg, 'image/jpeg');
    expect(uploadURL).toBe(`${server.url}/api/media/${id}/file`);
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ id, type: 'image', url: uploadURL, width: 1600, height: 900, aspectRatio: '16:9' });

    const served = await fetch(completed.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // The JPEG re-encoded without its metadata (media-metadata.int.test.ts): the same picture, the size it now has.
    const servedBytes = Buffer.from(await served.arrayBuffer());
    expect(servedBytes.length).toBe(completed.body.sizeBytes);
    expect(await sharp(servedBytes).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 900 });

    // Attached through the feed's own route: the post carries the server's facts and the member's ratio.
    const posted = await ann.post('/api/feed-posts', {
      content: 'My sketch, thoughts?',
      category: 'design',
      urgency: 'low',
      media_attachments: [{ ...completed.body, aspectRatio: '3:4' }],
    });
    expect(posted.status).toBe(201);
    expect(posted.body.post.media_attachments).toEqual([{ ...completed.body, aspectRatio: '3:4' }]);
  });

  it('refuses a 2.1 MB image with the spec-named limit, whether declared, sent with its length or streamed', async () => {
    const big = await jpegOfSize(1600, 1000, 2.1 * MB, 2.4 * MB);
    const declared = await ask(ann, 'image/jpeg', big.length);
    expect(declared).toMatchObject({ status: 400, body: { error: mediaTexts.imageTooLarge } });
    expect(uploadFailedMessage('photo.jpg', declared.body.error)).toBe(`Upload failed for "photo.jpg": ${mediaTexts.imageTooLarge}. Please try again.`);

    const undeclared = await ask(ann, 'image/jpeg');
    const withLength = await put(ann, undeclared.body, big);
    expect(withLength.status).toBe(413);
    expect(await withLength.json()).toEqual({ error: mediaTexts.imageTooLarge });

    const streamed = await putStreaming(undeclared.body.uploadURL, { ...undeclared.body.headers, cookie: ann.cookie }, big.length);
    expect(streamed).toMatchObject({ status: 413, body: { error: mediaTexts.imageTooLarge } });
    // Nothing was kept, not even part of it: the upload still waits for its file.
    expect(await ann.post(`/api/media/${undeclared.body.id}/complete`, {})).toMatchObject({ status: 400, body: { error: mediaTexts.notUploaded } });
    expect((await readdir(mediaDir)).filter((name) => name.includes(undeclared.body.id) || name.endsWith('.part'))).toEqual([]);
  });

  it('refuses an 11 MB video, and cuts a body that streams on past the limit', async () => {
    expect(await ask(ann, 'video/mp4', 11 * MB)).toMatchObject({ status: 400, body: { error: mediaTexts.videoTooLarge } });
    const asked = await ask(ann, 'video/mp4');
    const sent = await put(ann, asked.body, mp4OfSize(11 * MB));
    expect(sent.status).toBe(413);
    expect(await sent.json()).toEqual({ error: mediaTexts.videoTooLarge });

    const liar = await ask(ann, 'video/mp4');
    const streamed = await putStreaming(liar.body.uploadURL, { ...liar.body.headers, cookie: ann.cookie }, 200 * MB);
    expect(streamed).toMatchObject({ status: 413, body: { error: mediaTexts.videoTooLarge } });
    expect(streamed.sent).toBeLessThan(100 * MB);
  });

  it('accepts a video within 10 MB without dimensions', async () => {
    const video = mp4OfSize(3 * MB);
    const { completed } = await uploadAndCheck(ann, video, 'video/mp4');
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ type: 'video', sizeBytes: video.length, width: null, height: null, thumbnailUrl: null });

    // Players seek with byte ranges.
    const first = await fetch(completed.body.url, { headers: { range: 'bytes=0-99' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${video.length}`);
    expect(Buffer.from(await first.arrayBuffer()).equals(video.subarray(0, 100))).toBe(true);
    const last = await fetch(completed.body.url, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await last.arrayBuffer()).equals(video.subarray(video.length - 10))).toBe(true);
    const beyond = await fetch(completed.body.url, { headers: { range: `bytes=${video.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${video.length}`);
  });

  it('refuses an executable renamed .png by its content, and never serves it', async () => {
    const { id, uploadURL, completed } = await uploadAndCheck(ann, elfExecutable(), 'image/png');
    expect(completed).toMatchObject({ status: 400, body: { error: mediaTexts.contentMismatch('image/png') } });
    expect((await fetch(uploadURL)).status).toBe(404);
    // Refused for good: a second try needs a new upload, and the post cannot carry it.
    expect(await ann.post(`/api/media/${id}/complete`, {})).toMatchObject({ status: 409, body: { error: mediaTexts.uploadRefused } });
    const attached = await checkAttachments(server.sql.handle, ann.memberId, [{ id, type: 'image', url: uploadURL }], new Date());
    expect(attached).toEqual({ ok: false, error: mediaTexts.notChecked });
  });

  it('refuses types the spec does not list', async () => {
    for (const type of ['application/x-msdownload', 'text/html', 'image/x-icon', 'application/json']) {
      expect(await ask(ann, type)).toMatchObject({ status: 400, body: { error: mediaTexts.unsupportedType } });
    }
  });

  it('serves an SVG so that it cannot run script: sandboxed, a download, never sniffed', async () => {
    const { completed } = await uploadAndCheck(ann, scriptedSvg, 'image/svg+xml');
    // 120 x 90 is 4:3, none of the spec's named ratios.
    expect(completed.body).toMatchObject({ type: 'image', width: 120, height: 90, aspectRatio: 'custom' });
    const served = await fetch(completed.body.url);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = served.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    expect(csp).not.toContain('script-src');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it("keeps a member's upload theirs: another member can neither send, check nor attach it", async () => {
    const png = await smallPng();
    const asked = await ask(ann, 'image/png', png.length);
    expect((await put(oscar, asked.body, png)).status).toBe(404);
    expect((await put(ann, asked.body, png)).status).toBe(204);
    expect((await oscar.post(`/api/media/${asked.body.id}/complete`, {})).status).toBe(404);
    const pending = { id: asked.body.id, type: 'image' as const, url: asked.body.uploadURL };
    expect(await checkAttachments(server.sql.handle, ann.memberId, [pending], new Date())).toEqual({ ok: false, error: mediaTexts.notChecked });

    const completed = await ann.post(`/api/media/${asked.body.id}/complete`, { aspectRatio: '9:16' });
    expect(completed.body).toMatchObject({ width: 30, height: 40, aspectRatio: '9:16' });
    expect(await checkAttachments(server.sql.handle, oscar.memberId, [completed.body], new Date())).toEqual({ ok: false, error: mediaTexts.notYourUpload });
    // The feed's route refuses it the same way, and no post is written.
    const before = (await oscar.get('/api/posts')).body.stats;
    const stolen = await oscar.post('/api/feed-posts', { content: 'Look at this', category: 'design', urgency: 'low', media_attachments: [completed.body] });
    expect(stolen).toMatchObject({ status: 400, body: { error: mediaTexts.notYourUpload } });
    expect((await oscar.get('/api/posts')).body.stats).toEqual(before);
    // The server's facts win over the client's: a changed url is refused.
    const moved = { ...completed.body, url: 'https://elsewhere.example.com/x.png' };
    expect(await checkAttachments(server.sql.handle, ann.memberId, [moved], new Date())).toEqual({ ok: false, error: mediaTexts.attachmentChanged });
    expect(await checkAttachments(server.sql.handle, ann.memberId, [completed.body, completed.body], new Date())).toEqual({
      ok: false,
      error: mediaTexts.attachmentRepeated,
    });
    // A second PUT cannot replace a file once sent.
    expect((await put(ann, asked.body, elfExecutable())).status).toBe(409);
  });

  it('refuses a PUT with another Content-Type than the one asked for', async () => {
    const png = await smallPng();
    const asked = await ask(ann, 'image/png');
    const sent = await fetch(asked.body.uploadURL, { method: 'PUT', headers: { 'content-type': 'text/html', cookie: ann.cookie }, body: png });
    expect(sent.status).toBe(400);
    expect(await sent.json()).toEqual({ error: mediaTexts.wrongContentType });
  });

  it('passes link attachments with an http(s) address and refuses others', async () => {
    const link = { id: 'link-1', type: 'link' as const, url: 'https://example.com/page', title: 'A page', provider: 'example.com' };
    const ok = await checkAttachments(server.sql.handle, ann.memberId, [link], new Date('2026-12-01T10:00:00Z'));
    expect(ok).toMatchObject({ ok: true, attachments: [{ ...link, createdAt: '2026-12-01T10:00:00.000Z', width: null }] });
    const script = await checkAttachments(server.sql.handle, ann.memberId, [{ ...link, url: 'javascript:alert(1)' }], new Date());
    expect(script).toEqual({ ok: false, error: mediaTexts.linkInvalid });
  });

  // Last: it moves the server's clock.
  it('sweeps an upload never completed, with its file, an hour after it expired', async () => {
    const png = await smallPng();
    const asked = await ask(ann, 'image/png', png.length);
    expect((await put(ann, asked.body, png)).status).toBe(204);
    expect(await readdir(mediaDir)).toContain(asked.body.id);
    server.clock.advance(2 * 60 * 60_000);
    expect((await ask(ann, 'image/png')).status).toBe(201);
    expect(await readdir(mediaDir)).not.toContain(asked.body.id);
    expect(await ann.post(`/api/media/${asked.body.id}/complete`, {})).toMatchObject({ status: 409, body: { error: mediaTexts.uploadExpired } });
  });
});
