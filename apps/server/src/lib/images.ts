import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from './app-error.ts';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Refuse decompression bombs: a 10 MB PNG can claim billions of pixels. */
const MAX_INPUT_PIXELS = 50_000_000;

export type TImageExt = 'jpg' | 'png' | 'webp';

export interface TCleanImage {
  data: Buffer;
  ext: TImageExt;
  contentType: string;
  width: number;
  height: number;
}

const FORMATS: Record<string, { ext: TImageExt; endsCleanly: (bytes: Buffer) => boolean }> = {
  'image/jpeg': { ext: 'jpg', endsCleanly: jpegEndsCleanly },
  'image/png': { ext: 'png', endsCleanly: pngEndsCleanly },
  'image/webp': { ext: 'webp', endsCleanly: webpEndsCleanly },
};

const invalid = (key: 'validation.imageType' | 'validation.imageCorrupt' | 'validation.imageTooLarge') =>
  new AppError('VALIDATION', key);

/**
 * Checks an uploaded image by its content (never by its name or declared type) and re-encodes it, so
 * what is stored is pixels only: no EXIF, GPS, comments, or anything appended after the image. JPEG,
 * PNG and WebP are accepted; a file whose bytes are not one of these, is cut short, or carries data
 * past its end marker (a script appended to a PNG, say) is refused with a message that says which.
 * `maxSide` shrinks larger images (keeping the aspect ratio); smaller ones are never enlarged.
 */
export async function cleanImage(bytes: Buffer, options: { maxSide: number }): Promise<TCleanImage> {
  if (bytes.length > IMAGE_MAX_BYTES) throw invalid('validation.imageTooLarge');
  const type = await fileTypeFromBuffer(bytes);
  const format = type ? FORMATS[type.mime] : undefined;
  if (!format) throw invalid('validation.imageType');
  if (!format.endsCleanly(bytes)) throw invalid('validation.imageCorrupt');
  try {
    const pipeline = sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS })
      // Turn the pixels upright before the orientation tag is dropped with the rest of the metadata.
      .rotate()
      .resize({ width: options.maxSide, height: options.maxSide, fit: 'inside', withoutEnlargement: true });
    const encoded =
      format.ext === 'jpg'
        ? pipeline.jpeg({ quality: 85 })
        : format.ext === 'png'
          ? pipeline.png({ compressionLevel: 8 })
          : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, ext: format.ext, contentType: type?.mime ?? 'image/jpeg', width: info.width, height: info.height };
  } catch {
    // sharp could not decode it: truncated, corrupt, or too many pixels.
    throw invalid('validation.imageCorrupt');
  }
}

/** A PNG ends with its IEND chunk: length 0, "IEND", CRC AE 42 60 82. */
function pngEndsCleanly(bytes: Buffer): boolean {
  const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  return bytes.length > iend.length && bytes.subarray(bytes.length - iend.length).equals(iend);
}

/** A JPEG ends with the EOI marker FF D9; some encoders pad with zero bytes after it. */
function jpegEndsCleanly(bytes: Buffer): boolean {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return end >= 2 && bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9;
}

/** A WebP is one RIFF chunk whose declared size (plus an optional pad byte) is the whole file. */
function webpEndsCleanly(bytes: Buffer): boolean {
  if (bytes.length < 12) return false;
  const declared = bytes.readUInt32LE(4) + 8;
  return bytes.length === declared || bytes.length === declared + (declared % 2);
}
