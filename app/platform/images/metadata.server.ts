// An upload's original, as it is handed out (press kits' "original upload"), without what a camera
// or an editor wrote about the person: EXIF (GPS position, camera serial, owner's name, time), XMP,
// IPTC and comments. The pixels are the uploaded bytes (no re-encoding) and the colour profile stays;
// an EXIF orientation other than upright is kept, as the one tag of a new, minimal EXIF.
// JPEG, PNG and WebP are edited losslessly; GIF keeps only its image data; AVIF (whose metadata
// sits in its container) is re-encoded by the caller's library when it carries any.

/** EXIF's Orientation tag, read by the caller (sharp) before stripping; 1 is upright. */
export type Orientation = number | undefined;

/** The original without personal metadata, for the formats edited here; null for others. */
export function withoutPersonalMetadata(
  file: Buffer,
  format: string,
  orientation: Orientation,
): Buffer | null {
  if (format === "jpeg") return jpegWithout(file, orientation);
  if (format === "png") return pngWithout(file, orientation);
  if (format === "webp") return webpWithout(file, orientation);
  if (format === "gif") return gifWithout(file);
  return null;
}

/** A minimal EXIF (TIFF, little-endian) holding only the orientation. */
function orientationExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write("II", 0, "latin1");
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4); // first IFD
  tiff.writeUInt16LE(1, 8); // one entry
  tiff.writeUInt16LE(0x0112, 10); // Orientation
  tiff.writeUInt16LE(3, 12); // SHORT
  tiff.writeUInt32LE(1, 14); // one value
  tiff.writeUInt16LE(orientation, 18);
  tiff.writeUInt32LE(0, 22); // no next IFD
  return tiff;
}

const keepsOrientation = (orientation: Orientation): orientation is number =>
  orientation !== undefined && orientation > 1 && orientation <= 8;

/**
 * JPEG: its segments up to the scan, without APP1 (EXIF, XMP), APP13 (IPTC) and comments; APP0,
 * APP2 (ICC profile), APP14 and the tables stay; the scan and what follows are copied as they are.
 */
function jpegWithout(file: Buffer, orientation: Orientation): Buffer {
  if (file[0] !== 0xff || file[1] !== 0xd8) return file;
  const parts: Buffer[] = [file.subarray(0, 2)];
  if (keepsOrientation(orientation)) {
    const exif = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), orientationExif(orientation)]);
    const header = Buffer.alloc(4);
    header.writeUInt16BE(0xffe1, 0);
    header.writeUInt16BE(exif.length + 2, 2);
    parts.push(header, exif);
  }
  let at = 2;
  while (at + 4 <= file.length) {
    if (file[at] !== 0xff) break;
    const marker = file[at + 1]!;
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      parts.push(file.subarray(at, at + 2));
      at += 2;
      continue;
    }
    const length = file.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (marker === 0xda || end > file.length) {
      // Start of scan: the rest is image data.
      parts.push(file.subarray(at));
      return Buffer.concat(parts);
    }
    const dropped = marker === 0xe1 || marker === 0xed || marker === 0xfe;
    if (!dropped) parts.push(file.subarray(at, end));
    at = end;
  }
  parts.push(file.subarray(at));
  return Buffer.concat(parts);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG chunks that carry words or times about the picture, not the picture. */
const PNG_DROPPED = new Set(["eXIf", "tEXt", "iTXt", "zTXt", "tIME"]);

/** CRC-32 as PNG uses it. */
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** PNG: its chunks without EXIF and text; an orientation is kept in a new eXIf after IHDR. */
function pngWithout(file: Buffer, orientation: Orientation): Buffer {
  if (!file.subarray(0, 8).equals(PNG_SIGNATURE)) return file;
  const parts: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  while (at + 12 <= file.length) {
    const length = file.readUInt32BE(at);
    const type = file.toString("latin1", at + 4, at + 8);
    const end = at + 12 + length;
    if (end > file.length) break;
    if (!PNG_DROPPED.has(type)) parts.push(file.subarray(at, end));
    if (type === "IHDR" && keepsOrientation(orientation)) {
      parts.push(pngChunk("eXIf", orientationExif(orientation)));
    }
    at = end;
    if (type === "IEND") break;
  }
  return Buffer.concat(parts);
}

/** WebP (RIFF): without its EXIF and XMP chunks, the extended header's flags and sizes set again. */
function webpWithout(file: Buffer, orientation: Orientation): Buffer {
  if (file.toString("latin1", 0, 4) !== "RIFF" || file.toString("latin1", 8, 12) !== "WEBP") {
    return file;
  }
  const chunks: Buffer[] = [];
  let vp8x: Buffer | null = null;
  let at = 12;
  while (at + 8 <= file.length) {
    const type = file.toString("latin1", at, at + 4);
    const size = file.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    const chunk = file.subarray(at, Math.min(end, file.length));
    if (type === "VP8X") vp8x = Buffer.from(chunk);
    else if (type !== "EXIF" && type !== "XMP ") chunks.push(chunk);
    at = end;
  }
  // A simple WebP (no extended header) carries no metadata chunks.
  if (!vp8x) return file;
  const keep = keepsOrientation(orientation);
  // Flags: bit 3 EXIF, bit 2 XMP.
  vp8x[8] = (vp8x[8]! & ~0b1100) | (keep ? 0b1000 : 0);
  const body = [vp8x, ...chunks];
  if (keep) {
    const exif = orientationExif(orientation);
    const head = Buffer.alloc(8);
    head.write("EXIF", 0, "latin1");
    head.writeUInt32LE(exif.length, 4);
    body.push(head, exif);
  }
  const riff = Buffer.alloc(12);
  riff.write("RIFF", 0, "latin1");
  riff.writeUInt32LE(4 + body.reduce((sum, chunk) => sum + chunk.length, 0), 4);
  riff.write("WEBP", 8, "latin1");
  return Buffer.concat([riff, ...body]);
}

/** GIF: without comment and application extensions other than looping (NETSCAPE2.0). */
function gifWithout(file: Buffer): Buffer {
  if (!/^GIF8[79]a$/.test(file.toString("latin1", 0, 6))) return file;
  const parts: Buffer[] = [];
  // Header, logical screen descriptor and the global colour table.
  const flags = file[10]!;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  parts.push(file.subarray(0, at));
  const subBlocksEnd = (from: number) => {
    let p = from;
    while (p < file.length && file[p] !== 0) p += file[p]! + 1;
    return p + 1;
  };
  while (at < file.length) {
    const introducer = file[at]!;
    if (introducer === 0x3b) {
      parts.push(file.subarray(at, at + 1));
      break;
    }
    if (introducer === 0x21) {
      const label = file[at + 1]!;
      const end = subBlocksEnd(at + 2);
      const application = label === 0xff ? file.toString("latin1", at + 3, at + 14) : "";
      const dropped = label === 0xfe || (label === 0xff && application !== "NETSCAPE2.0");
      if (!dropped) parts.push(file.subarray(at, end));
      at = end;
      continue;
    }
    if (introducer === 0x2c) {
      const packed = file[at + 9]!;
      let end = at + 10 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
      end = subBlocksEnd(end + 1); // LZW minimum code size, then the data sub-blocks
      parts.push(file.subarray(at, end));
      at = end;
      continue;
    }
    // Unknown: keep the rest as it is.
    parts.push(file.subarray(at));
    break;
  }
  return Buffer.concat(parts);
}
