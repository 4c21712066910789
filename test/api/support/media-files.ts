// Real files for the media tests: JPEG and PNG bytes encoded by sharp from noise (noise does not
// compress, so a size can be aimed at), an SVG holding a script, the start of an ELF executable, and
// videos that are an ISO media file's header followed by filler.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import sharp from 'sharp';

export const MB = 1_000_000;

const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

/**
 * A real JPEG of width x height between `min` and `max` bytes: noise encoded at the highest quality
 * that stays under `max` (the size falls as the quality does).
 */
export const jpegOfSize = async (width: number, height: number, min: number, max: number): Promise<Buffer> => {
  for (let quality = 100; quality >= 40; quality -= 2) {
    const bytes = await noise(width, height).jpeg({ quality, chromaSubsampling: '4:4:4' }).toBuffer();
    if (bytes.length <= max) {
      if (bytes.length < min) throw new Error(`No JPEG of ${width}x${height} between ${min} and ${max} bytes (got ${bytes.length} at quality ${quality})`);
      return bytes;
    }
  }
  throw new Error(`No JPEG of ${width}x${height} under ${max} bytes`);
};

export const smallPng = (width = 30, height = 40) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();

export const scriptedSvg = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="120" height="90"><script>alert(document.cookie)</script><rect width="120" height="90" fill="red"/></svg>',
);

/** What /bin/true and every Linux program start with: the ELF header. */
export const elfExecutable = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), randomBytes(20_000)]);

/** An ISO media box: its size, its type (latin1: '\u00a9xyz' is QuickTime's ©xyz) and its content. */
export const isoBox = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};

const ftyp = Buffer.from([0x00, 0x00, 0x00, 0x18, ...Buffer.from('ftypisom'), 0x00, 0x00, 0x02, 0x00, ...Buffer.from('isomiso2')]);

/** An MP4's 'ftyp' box, then an 'mdat' box of filler up to `size` bytes. */
export const mp4OfSize = (size: number) => {
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(size - ftyp.length);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat, randomBytes(size - ftyp.length - 8)]);
};

/**
 * An MP4 as a phone writes it: a movie whose udta holds where (©xyz) and with what (©mak, ©mod) it was
 * filmed, a track with its own udta, Apple's 'meta' keys with the location again, then the samples.
 */
export const mp4WithLocation = () => {
  const latin = (text: string) => Buffer.from(text, 'latin1');
  const moov = isoBox(
    'moov',
    isoBox('mvhd', Buffer.alloc(100)),
    isoBox('trak', isoBox('tkhd', Buffer.alloc(84)), isoBox('udta', isoBox('\u00a9mod', latin('Pocket 12')))),
    isoBox('udta', isoBox('\u00a9xyz', latin('+51.5000-000.1167/')), isoBox('\u00a9mak', latin('PhoneMaker'))),
    isoBox('meta', Buffer.alloc(4), isoBox('keys', latin('mdtacom.apple.quicktime.location.ISO6709')), isoBox('ilst', latin('+51.5000-000.1167+012.000/'))),
  );
  return Buffer.concat([ftyp, moov, isoBox('mdat', randomBytes(50_000))]);
};

/** The GPS and camera a phone writes into a photo's EXIF. */
export const phoneExif = {
  IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12', Artist: 'Ann Private' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
};

/**
 * PUTs `total` bytes of noise as a chunked stream (no Content-Length, as a client that lies about its
 * size would) and stops writing once the server answers. Resolves with the answer and the bytes sent.
 */
export const putStreaming = (url: string, headers: Record<string, string>, total: number) =>
  new Promise<{ status: number; body: unknown; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(url, { method: 'PUT', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (response) => {
      answered = true;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null, sent }));
    });
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = randomBytes(64 * 1024);
    const writeMore = () => {
      while (!answered && sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', writeMore);
      }
      if (!answered) request.end();
    };
    writeMore();
  });
