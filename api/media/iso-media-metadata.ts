// Location and device metadata out of an ISO media file (MP4, MOV, M4V, 3GP) without re-encoding it
// (issue 29 point 2). Phones write where and with what a video was taken into boxes of their own:
// `udta` (QuickTime's ©xyz, ©mak, ©mod; 3GPP's loci), `meta` (Apple's keys, com.apple.quicktime.location.ISO6709)
// and an XMP `uuid` box. Each is turned, in place, into a `free` box of the same size with its content
// zeroed: no other byte moves, so every chunk offset in `stco`/`co64` stays valid and the file plays as before.

/** Boxes that hold the metadata: neutralised wherever the walk meets them. */
const METADATA = new Set(['udta', 'meta']);
/** Boxes made only of other boxes, where udta and meta sit (moov, trak and those between). */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'edts', 'mvex', 'moof', 'traf']);
/** The uuid of an XMP packet (Adobe's, as Sony and others write it at the top level). */
const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

export type IsoStrip = { ok: true; bytes: Buffer; removed: string[] } | { ok: false };

interface Box {
  type: string;
  start: number;
  headerSize: number;
  end: number;
}

/** The box at `at` within [at, end), or null when its header or size does not fit. */
const boxAt = (bytes: Buffer, at: number, end: number): Box | null => {
  if (end - at < 8) return null;
  const size32 = bytes.readUInt32BE(at);
  const type = bytes.toString('latin1', at + 4, at + 8);
  let headerSize = 8;
  let size = size32;
  if (size32 === 1) {
    if (end - at < 16) return null;
    headerSize = 16;
    const large = bytes.readBigUInt64BE(at + 8);
    if (large > BigInt(end - at)) return null;
    size = Number(large);
  } else if (size32 === 0) {
    size = end - at; // "to the end of the file (or of its parent)"
  }
  if (size < headerSize || at + size > end) return null;
  return { type, start: at, headerSize, end: at + size };
};

const isXmp = (bytes: Buffer, box: Box) =>
  box.type === 'uuid' && box.end - box.start >= box.headerSize + 16 && bytes.subarray(box.start + box.headerSize, box.start + box.headerSize + 16).equals(XMP_UUID);

/**
 * A copy of the file with its metadata boxes neutralised, and which ones were. A file whose boxes do not
 * tile it exactly is not an ISO media file a player could read: refused rather than half cleaned.
 */
export const stripIsoMetadata = (input: Buffer): IsoStrip => {
  const bytes = Buffer.from(input);
  const removed: string[] = [];
  const walk = (from: number, to: number, path: string): boolean => {
    for (let at = from; at < to;) {
      const box = boxAt(bytes, at, to);
      if (!box) return false;
      if (METADATA.has(box.type) || isXmp(bytes, box)) {
        bytes.write('free', box.start + 4, 'latin1');
        bytes.fill(0, box.start + box.headerSize, box.end);
        removed.push(`${path}${box.type}`);
      } else if (CONTAINERS.has(box.type) && !walk(box.start + box.headerSize, box.end, `${path}${box.type}/`)) {
        return false;
      }
      at = box.end;
    }
    return true;
  };
  return walk(0, bytes.length, '') ? { ok: true, bytes, removed } : { ok: false };
};
