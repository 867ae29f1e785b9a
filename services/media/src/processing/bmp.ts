import { RuleViolation } from '@aura/platform';
import { UploadMessages } from '../validation/upload-rules';

export interface RawImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, top row first. */
  data: Buffer;
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

function maskShift(mask: number): { shift: number; max: number } {
  if (mask === 0) return { shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { shift, max: mask >>> shift };
}

/**
 * Decodes an uncompressed Windows bitmap (1, 4, 8, 16, 24 or 32 bits a pixel; BI_RGB or BI_BITFIELDS),
 * which libvips (sharp) does not read. RLE-compressed bitmaps are refused as unsupported.
 */
export function decodeBmp(file: Buffer, maxPixels: number): RawImage {
  const refuse = () => new RuleViolation(UploadMessages.unsupported);
  if (file.length < 26 || file.toString('latin1', 0, 2) !== 'BM') throw refuse();
  const dataOffset = file.readUInt32LE(10);
  const headerSize = file.readUInt32LE(14);
  if (headerSize < 40 || file.length < 14 + headerSize) throw refuse();
  const width = file.readInt32LE(18);
  const rawHeight = file.readInt32LE(22);
  const bpp = file.readUInt16LE(28);
  const compression = file.readUInt32LE(30);
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0 || width * height > maxPixels) throw refuse();
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) throw refuse();
  if (![BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS].includes(compression)) throw refuse();

  let masks = { r: 0x00ff0000, g: 0x0000ff00, b: 0x000000ff, a: 0 };
  if (bpp === 16) masks = { r: 0x7c00, g: 0x03e0, b: 0x001f, a: 0 };
  if (compression !== BI_RGB) {
    // Masks follow a 40-byte header, or sit inside a V4/V5 header at the same place.
    const at = 14 + 40;
    if (file.length < at + 12) throw refuse();
    masks = {
      r: file.readUInt32LE(at),
      g: file.readUInt32LE(at + 4),
      b: file.readUInt32LE(at + 8),
      a: headerSize >= 56 || compression === BI_ALPHABITFIELDS ? file.readUInt32LE(at + 12) : 0,
    };
  }

  let palette: number[][] = [];
  if (bpp <= 8) {
    const colorsUsed = file.readUInt32LE(46) || 1 << bpp;
    const paletteStart = 14 + headerSize;
    palette = Array.from({ length: colorsUsed }, (_, i) => {
      const p = paletteStart + i * 4;
      return p + 3 < file.length ? [file[p + 2], file[p + 1], file[p]] : [0, 0, 0];
    });
  }

  const rowSize = Math.floor((bpp * width + 31) / 32) * 4;
  if (dataOffset + rowSize * height > file.length) throw refuse();
  const out = Buffer.alloc(width * height * 4);
  const channels = [masks.r, masks.g, masks.b, masks.a].map(maskShift);
  const scale = (value: number, c: { max: number }) => (c.max === 0 ? 0 : Math.round((value * 255) / c.max));

  for (let y = 0; y < height; y++) {
    const row = dataOffset + (topDown ? y : height - 1 - y) * rowSize;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      let r: number, g: number, b: number;
      let a = 255;
      if (bpp <= 8) {
        const bitOffset = x * bpp;
        const byte = file[row + (bitOffset >> 3)];
        const index = (byte >> (8 - bpp - (bitOffset & 7))) & ((1 << bpp) - 1);
        [r, g, b] = palette[index] ?? [0, 0, 0];
      } else if (bpp === 24) {
        const p = row + x * 3;
        [b, g, r] = [file[p], file[p + 1], file[p + 2]];
      } else {
        const value = bpp === 16 ? file.readUInt16LE(row + x * 2) : file.readUInt32LE(row + x * 4);
        const [cr, cg, cb, ca] = channels;
        r = scale((value & masks.r) >>> cr.shift, cr);
        g = scale((value & masks.g) >>> cg.shift, cg);
        b = scale((value & masks.b) >>> cb.shift, cb);
        if (masks.a) a = scale((value & masks.a) >>> ca.shift, ca);
      }
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = a;
    }
  }
  return { width, height, data: out };
}
