// Nothing an upload says about its author reaches anyone who fetches it (issue 29 point 2): photos lose
// their EXIF (GPS, camera), XMP and text chunks, turned upright first; animations stay animated; MP4s keep
// their samples byte for byte but lose the boxes with where and with what they were filmed; videos whose
// metadata cannot be removed are refused before a byte is sent. Checked by fetching what is served.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTexts } from '../../api/contracts/media.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';
import { mp4WithLocation, phoneExif } from './support/media-files.js';

const canvas = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2a6f97' } });

describe('metadata of uploaded media', () => {
  let server: TestServer;
  let mediaDir: string;
  let ann: ApiClient;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'skillswap-metadata-'));
    server = await startTestServer({ env: { MEDIA_DIR: mediaDir } });
    ann = await signIn(server.url, 'ann-metadata@example.com', 'Ann');
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const upload = async (bytes: Buffer, contentType: string) => {
    const asked = await ann.post('/api/media/upload', { visibility: 'public', contentType, size: bytes.length });
    expect(asked.status).toBe(201);
    const sent = await fetch(asked.body.uploadURL, { method: 'PUT', headers: { ...asked.body.headers, cookie: ann.cookie }, body: new Uint8Array(bytes) });
    expect(sent.status).toBe(204);
    const completed = await ann.post(`/api/media/${asked.body.id}/complete`, {});
    expect(completed.status).toBe(200);
    const served = await fetch(completed.body.url);
    expect(served.status).toBe(200);
    const body = Buffer.from(await served.arrayBuffer());
    expect(body.length).toBe(completed.body.sizeBytes);
    // Not kept on the disk either: the file there is the one served.
    expect((await readFile(join(mediaDir, asked.body.id))).equals(body)).toBe(true);
    return { attachment: completed.body, served: body };
  };

  it("serves a phone's JPEG without its GPS and camera, turned upright by its orientation", async () => {
    // 400 x 300 stored sideways: orientation 6 says "turn a quarter clockwise to show".
    const photo = await canvas(400, 300).jpeg().withExif(phoneExif).withMetadata({ orientation: 6 }).toBuffer();
    const original = await sharp(photo).metadata();
    expect({ exif: original.exif !== undefined, orientation: original.orientation }).toEqual({ exif: true, orientation: 6 });
    expect(photo.toString('latin1')).toContain('PhoneMaker');

    const { attachment, served } = await upload(photo, 'image/jpeg');
    const meta = await sharp(served).metadata();
    expect({ format: meta.format, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, orientation: meta.orientation }).toEqual({
      format: 'jpeg',
      exif: undefined,
      xmp: undefined,
      iptc: undefined,
      orientation: undefined,
    });
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 300, height: 400 });
    expect(attachment).toMatchObject({ width: 300, height: 400, aspectRatio: '3:4' });
    for (const secret of ['PhoneMaker', 'Pocket 12', 'Ann Private', 'Exif']) expect(served.toString('latin1')).not.toContain(secret);
  });

  it('serves PNG, WebP and TIFF without their EXIF or XMP, in their own format', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30N"/></rdf:RDF></x:xmpmeta>';
    for (const [type, format, image] of [
      ['image/png', 'png', canvas(64, 48).png().withExif(phoneExif).withXmp(xmp)],
      ['image/webp', 'webp', canvas(64, 48).webp().withExif(phoneExif).withXmp(xmp)],
      ['image/tiff', 'tiff', canvas(64, 48).tiff().withExif(phoneExif).withXmp(xmp)],
    ] as const) {
      const bytes = await image.toBuffer();
      // (sharp writes no separate EXIF into a TIFF, whose own tags are its EXIF; the XMP is there in all three.)
      expect((await sharp(bytes).metadata()).xmp?.toString()).toContain('GPSLatitude');
      const { served } = await upload(bytes, type);
      const meta = await sharp(served).metadata();
      expect({ type, format: meta.format, exif: meta.exif, xmp: meta.xmp, width: meta.width }).toEqual({ type, format, exif: undefined, xmp: undefined, width: 64 });
      expect(served.toString('latin1')).not.toContain('GPSLatitude');
      expect(served.toString('latin1')).not.toContain('PhoneMaker');
    }
  });

  it('keeps an animated GIF and an animated WebP animated, with their frames and timing', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
        sharp({ create: { width: 40, height: 30, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    for (const [type, format] of [
      ['image/gif', 'gif'],
      ['image/webp', 'webp'],
    ] as const) {
      const animation = await sharp(frames, { join: { animated: true } })
        .toFormat(format, { delay: [100, 200, 300], loop: 0 } as object)
        .withExif(phoneExif)
        .toBuffer();
      expect((await sharp(animation).metadata()).pages).toBe(3);
      const { attachment, served } = await upload(animation, type);
      const meta = await sharp(served).metadata();
      expect({ type, format: meta.format, pages: meta.pages, delay: meta.delay, exif: meta.exif }).toEqual({
        type,
        format,
        pages: 3,
        delay: [100, 200, 300],
        exif: undefined,
      });
      expect(attachment).toMatchObject({ width: 40, height: 30 });
    }
  });

  it('serves an MP4 without the location and device boxes, every sample where it was', async () => {
    const video = mp4WithLocation();
    expect(video.toString('latin1')).toContain('+51.5000');
    const { served } = await upload(video, 'video/mp4');
    expect(served.length).toBe(video.length);
    const text = served.toString('latin1');
    for (const secret of ['+51.5000', 'PhoneMaker', 'Pocket 12', '\u00a9xyz', 'udta', 'ISO6709']) expect(text).not.toContain(secret);
    const samples = video.subarray(video.length - 50_000);
    expect(served.subarray(served.length - 50_000).equals(samples)).toBe(true);
    expect(served.subarray(0, 24).equals(video.subarray(0, 24))).toBe(true);
  });

  it('refuses a video format whose metadata cannot be removed, before its bytes are sent', async () => {
    for (const type of ['video/webm', 'video/x-matroska', 'video/ogg', 'video/x-msvideo']) {
      const asked = await ann.post('/api/media/upload', { visibility: 'public', contentType: type, size: 1000 });
      expect(asked).toMatchObject({ status: 400, body: { error: mediaTexts.metadataNotRemovable(type as 'video/webm') } });
    }
    expect(mediaTexts.metadataNotRemovable('video/webm')).toBe(
      'WebM videos cannot be posted: their location and device details cannot be removed. Please use an MP4, QuickTime/MOV, M4V or 3GP video',
    );
  });
});
