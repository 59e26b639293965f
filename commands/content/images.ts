import sharp, { type Metadata, type Sharp } from 'sharp';
import { DomainError } from '../../domain/shared/errors.ts';

/** The longest side of a stored content image, and of its thumbnail. */
export const IMAGE_MAX_SIDE = 1920;
export const THUMB_MAX_SIDE = 400;
/** Decoding bound: a "decompression bomb" (a tiny file of huge dimensions) is refused before its pixels are read. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * An uncompressed 24- or 32-bit BMP (the spec's image types include bmp, which sharp's build does not read) as raw
 * RGB pixels for sharp; null for anything else, which sharp then decodes or refuses.
 */
export function decodeBmp(bytes: Uint8Array): { data: Buffer; width: number; height: number } | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 54 || b[0] !== 0x42 || b[1] !== 0x4d) return null;
  const offset = b.readUInt32LE(10);
  const width = b.readInt32LE(18);
  const rawHeight = b.readInt32LE(22);
  const bpp = b.readUInt16LE(28);
  const compression = b.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  if (compression !== 0 || (bpp !== 24 && bpp !== 32)) throw new DomainError('InvalidFileType', { detected: 'bmp' });
  if (width <= 0 || height === 0 || width * height > MAX_INPUT_PIXELS)
    throw new DomainError('InvalidFileType', { detected: 'bmp' });
  const step = bpp / 8;
  const stride = Math.ceil((width * step) / 4) * 4;
  if (offset + stride * height > b.length) throw new DomainError('InvalidFileType', { detected: 'bmp' });
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    // Rows are stored bottom-up unless the height is negative.
    const row = offset + (rawHeight > 0 ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x++) {
      const i = row + x * step;
      const o = (y * width + x) * 3;
      out[o] = b[i + 2]!;
      out[o + 1] = b[i + 1]!;
      out[o + 2] = b[i]!;
    }
  }
  return { data: out, width, height };
}

export interface ProcessedImage {
  image: { bytes: Buffer; width: number; height: number; mimeType: string };
  thumb: { bytes: Buffer; width: number; height: number; mimeType: string };
}

/**
 * A content image as stored: decoded by its content (not its name), turned upright by its EXIF orientation, bounded
 * to 1920 px on its longest side, with a 400 px thumbnail; both re-encoded without metadata (sharp writes none
 * unless asked: no EXIF, GPS, ICC or XMP). A PNG stays PNG (transparency), everything else becomes JPEG.
 * What sharp cannot decode is refused with InvalidFileType.
 */
export async function processContentImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const bmp = decodeBmp(bytes);
  const input = () =>
    bmp
      ? sharp(bmp.data, { raw: { width: bmp.width, height: bmp.height, channels: 3 } })
      : sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch {
    throw new DomainError('InvalidFileType');
  }
  if (!bmp && (!meta.width || !meta.height || !['jpeg', 'png', 'webp'].includes(meta.format ?? '')))
    throw new DomainError('InvalidFileType', { detected: meta.format ?? null });
  const png = meta.format === 'png';
  const encode = (s: Sharp) => (png ? s.png({ compressionLevel: 9 }) : s.jpeg({ quality: 82, mozjpeg: true }));
  const render = async (side: number) => {
    try {
      const { data, info } = await encode(
        input().rotate().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }),
      ).toBuffer({ resolveWithObject: true });
      return { bytes: data, width: info.width, height: info.height, mimeType: png ? 'image/png' : 'image/jpeg' };
    } catch {
      throw new DomainError('InvalidFileType');
    }
  };
  return { image: await render(IMAGE_MAX_SIDE), thumb: await render(THUMB_MAX_SIDE) };
}
