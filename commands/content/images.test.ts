import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/shared/errors.ts';
import { processContentImage } from './images.ts';

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExifMerge({ IFD0: { Copyright: 'secret-owner', Artist: 'someone' } })
    .toBuffer();

describe('content images', () => {
  it('bounds a large image to 1920 px and makes a 400 px thumbnail, keeping the proportions', async () => {
    const out = await processContentImage(await jpeg(4000, 2000));
    expect([out.image.width, out.image.height]).toEqual([1920, 960]);
    expect([out.thumb.width, out.thumb.height]).toEqual([400, 200]);
    const stored = await sharp(out.image.bytes).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['jpeg', 1920, 960]);
  });

  it('does not enlarge a small image', async () => {
    const out = await processContentImage(await jpeg(300, 500));
    expect([out.image.width, out.image.height]).toEqual([300, 500]);
    expect([out.thumb.width, out.thumb.height]).toEqual([240, 400]);
  });

  it('strips the metadata', async () => {
    const input = await jpeg(800, 600);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await processContentImage(input);
    const meta = await sharp(out.image.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(out.image.bytes.includes('secret-owner')).toBe(false);
  });

  it('keeps a PNG as PNG', async () => {
    const png = await sharp({ create: { width: 50, height: 40, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const out = await processContentImage(png);
    expect(out.image.mimeType).toBe('image/png');
    expect((await sharp(out.thumb.bytes).metadata()).format).toBe('png');
  });

  it('reads a 24-bit BMP (rows bottom-up, padded) and stores it as JPEG with its pixels in place', async () => {
    // 18×16 (rows of 54 bytes, padded to 56): the top half red, the bottom half blue (BGR order).
    const [w, h, stride] = [18, 16, 56];
    const header = Buffer.alloc(54);
    header.write('BM', 0, 'latin1');
    header.writeUInt32LE(54 + stride * h, 2);
    header.writeUInt32LE(54, 10);
    header.writeUInt32LE(40, 14);
    header.writeInt32LE(w, 18);
    header.writeInt32LE(h, 22);
    header.writeUInt16LE(1, 26);
    header.writeUInt16LE(24, 28);
    const pixels = Buffer.alloc(stride * h);
    for (let row = 0; row < h; row++)
      for (let x = 0; x < w; x++) {
        // Stored row 0 is the image's bottom row.
        const bgr = row < h / 2 ? [255, 0, 0] : [0, 0, 255];
        pixels.set(bgr, row * stride + x * 3);
      }
    const out = await processContentImage(Buffer.concat([header, pixels]));
    expect([out.image.mimeType, out.image.width, out.image.height]).toEqual(['image/jpeg', w, h]);
    const { data } = await sharp(out.image.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * w + x) * 3, (y * w + x) * 3 + 3)];
    const [topR, , topB] = at(2, 2);
    const [bottomR, , bottomB] = at(2, h - 3);
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);
  });

  it('refuses a compressed or 8-bit BMP (InvalidFileType)', async () => {
    const header = Buffer.alloc(64);
    header.write('BM', 0, 'latin1');
    header.writeUInt32LE(54, 10);
    header.writeInt32LE(2, 18);
    header.writeInt32LE(2, 22);
    header.writeUInt16LE(8, 28);
    const e = await processContentImage(header).catch((x: unknown) => x);
    expect((e as DomainError).code).toBe('InvalidFileType');
  });

  it('refuses what is not an image by its content (InvalidFileType)', async () => {
    for (const bytes of [Buffer.from('%PDF-1.4 not an image'), Buffer.from('<svg onload="alert(1)"></svg>')]) {
      const e = await processContentImage(bytes).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).code).toBe('InvalidFileType');
    }
  });
});
