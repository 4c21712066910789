import { describe, expect, it } from 'vitest';
import { stripIsoMetadata } from './iso-media-metadata.js';

const box = (type: string, ...children: Buffer[]) => {
  const body = Buffer.concat(children);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};
const text = (value: string) => Buffer.from(value, 'latin1');
const ftyp = box('ftyp', text('isom'), Buffer.alloc(4), text('isomiso2'));
const chunk = text('SAMPLE-DATA-'.repeat(8));
const stco = box('stco', Buffer.from([0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]));
const location = box('\u00a9xyz', text('+51.5000-000.1167/'));
const device = box('\u00a9mod', text('Pocket 12'));

describe('metadata out of ISO media files', () => {
  it('turns udta and meta into free boxes of the same size, in moov and trak, leaving every other byte', () => {
    const file = Buffer.concat([
      ftyp,
      box(
        'moov',
        box('mvhd', Buffer.alloc(20)),
        box('trak', box('tkhd', Buffer.alloc(12)), box('mdia', box('minf', box('stbl', stco))), box('udta', device)),
        box('udta', location),
        box('meta', text('com.apple.quicktime.location.ISO6709')),
      ),
      box('mdat', chunk),
    ]);
    const stripped = stripIsoMetadata(file);
    expect(stripped.ok).toBe(true);
    if (!stripped.ok) return;
    expect(stripped.removed).toEqual(['moov/trak/udta', 'moov/udta', 'moov/meta']);
    expect(stripped.bytes.length).toBe(file.length);
    const shown = stripped.bytes.toString('latin1');
    for (const secret of ['xyz', '+51.5000', 'Pocket', 'udta', 'meta', 'ISO6709']) expect(shown).not.toContain(secret);
    // The samples sit where they were: stco's offsets still point at them.
    expect(stripped.bytes.indexOf(chunk)).toBe(file.indexOf(chunk));
    expect(stripped.bytes.subarray(0, ftyp.length).equals(ftyp)).toBe(true);
    expect(file.toString('latin1')).toContain('+51.5000');
  });

  it('clears a top-level XMP uuid box and a box of 64-bit size, and keeps a last box sized to the end', () => {
    const xmp = box('uuid', Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex'), text('<x:xmpmeta><exif:GPSLatitude>51,30N</exif:GPSLatitude></x:xmpmeta>'));
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1);
    large.write('udta', 4, 'latin1');
    large.writeBigUInt64BE(BigInt(16 + location.length), 8);
    const toEnd = Buffer.concat([Buffer.from([0, 0, 0, 0]), text('mdat'), chunk]);
    const stripped = stripIsoMetadata(Buffer.concat([ftyp, xmp, box('moov', Buffer.concat([large, location])), toEnd]));
    expect(stripped.ok && stripped.removed).toEqual(['uuid', 'moov/udta']);
    const shown = stripped.ok ? stripped.bytes.toString('latin1') : '';
    expect(shown).not.toContain('GPSLatitude');
    expect(shown).not.toContain('+51.5000');
    expect(shown).toContain('SAMPLE-DATA-');
  });

  it('refuses a file whose boxes do not tile it (a size past the end, a header cut short)', () => {
    const moov = box('moov', box('udta', location));
    const overlong = Buffer.from(moov);
    overlong.writeUInt32BE(moov.length + 100);
    expect(stripIsoMetadata(Buffer.concat([ftyp, overlong])).ok).toBe(false);
    expect(stripIsoMetadata(Buffer.concat([ftyp, Buffer.from([0, 0, 0])])).ok).toBe(false);
    const tooSmall = Buffer.from(ftyp);
    tooSmall.writeUInt32BE(4);
    expect(stripIsoMetadata(tooSmall).ok).toBe(false);
  });
});
