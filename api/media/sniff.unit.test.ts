import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_CONTENT_TYPES, VIDEO_CONTENT_TYPES, mediaContentTypeOf } from '../contracts/media.js';
import { aspectRatioOf, inspectMedia } from './inspect.js';
import { bmpDimensions, contentMatches } from './sniff.js';

const base = () => sharp({ create: { width: 16, height: 9, channels: 3, background: '#884422' } });
const bmp = (width: number, height: number) => {
  const bytes = Buffer.alloc(54);
  bytes.write('BM', 0, 'ascii');
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(width, 18);
  bytes.writeInt32LE(height, 22);
  return bytes;
};
const elf = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
const windowsExe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);

describe('matching a file to its declared type', () => {
  it('recognises real images encoded by sharp', async () => {
    expect(contentMatches('image/jpeg', await base().jpeg().toBuffer())).toBe(true);
    expect(contentMatches('image/png', await base().png().toBuffer())).toBe(true);
    expect(contentMatches('image/gif', await base().gif().toBuffer())).toBe(true);
    expect(contentMatches('image/webp', await base().webp().toBuffer())).toBe(true);
    expect(contentMatches('image/tiff', await base().tiff().toBuffer())).toBe(true);
    expect(contentMatches('image/png', await base().jpeg().toBuffer())).toBe(false);
  });

  it('refuses executables under every image and video type', () => {
    for (const type of [...IMAGE_CONTENT_TYPES, ...VIDEO_CONTENT_TYPES]) {
      expect(contentMatches(type, elf), type).toBe(false);
      expect(contentMatches(type, windowsExe), type).toBe(false);
    }
  });

  it('takes an SVG after a prologue, and no HTML page or binary for one', () => {
    expect(
      contentMatches('image/svg+xml', Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg>\n<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBe(true);
    expect(contentMatches('image/svg+xml', Buffer.from('<html><svg></svg></html>'))).toBe(false);
    expect(contentMatches('image/svg+xml', Buffer.from('<svg\u0000>'))).toBe(false);
  });

  it('reads a BMP header, top-down or not', async () => {
    expect(bmpDimensions(bmp(640, -480))).toEqual({ width: 640, height: 480 });
    expect(await inspectMedia('image/bmp', 54, bmp(900, 1600))).toEqual({ ok: true, width: 900, height: 1600, aspectRatio: '9:16' });
  });

  it('names the spec ratios within 2% and calls the rest custom', () => {
    expect(aspectRatioOf(1920, 1080)).toBe('16:9');
    expect(aspectRatioOf(1080, 1920)).toBe('9:16');
    expect(aspectRatioOf(768, 1024)).toBe('3:4');
    expect(aspectRatioOf(1000, 1000)).toBe('custom');
    expect(aspectRatioOf(null, 10)).toBe('custom');
  });

  it('refuses an image bomb by its declared size, before decoding it', async () => {
    expect(await inspectMedia('image/bmp', 54, bmp(50_000, 50_000))).toMatchObject({ ok: false });
  });

  it('takes the other names of the spec types and nothing else', () => {
    expect(mediaContentTypeOf('image/JPG')).toBe('image/jpeg');
    expect(mediaContentTypeOf('video/quicktime; codecs=avc1')).toBe('video/quicktime');
    expect(mediaContentTypeOf('video/avi')).toBe('video/x-msvideo');
    expect(mediaContentTypeOf('application/octet-stream')).toBeNull();
    expect(mediaContentTypeOf('image/svg')).toBeNull();
  });
});
