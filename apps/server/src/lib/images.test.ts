import { messageText } from '@meridian/contracts/messages';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeImage, makeJpegWithGps, makePngWithScript } from '../../test/helpers/images.ts';
import { cleanImage, IMAGE_MAX_BYTES } from './images.ts';

const refusal = (bytes: Buffer) =>
  cleanImage(bytes, { maxSide: 512 }).then(
    () => 'accepted',
    (err: Error) => err.message,
  );

describe('cleanImage', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('accepts a %s and keeps its format', async (format) => {
    const image = await cleanImage(await makeImage(format), { maxSide: 512 });
    expect((await sharp(image.data).metadata()).format).toBe(format);
    expect(image.ext).toBe(format === 'jpeg' ? 'jpg' : format);
  });

  it('drops EXIF and GPS metadata', async () => {
    const input = await makeJpegWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const image = await cleanImage(input, { maxSide: 512 });
    const meta = await sharp(image.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(image.data.includes(Buffer.from('secret-note'))).toBe(false);
  });

  it('shrinks a large image to fit maxSide, keeping the aspect ratio', async () => {
    const big = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const image = await cleanImage(big, { maxSide: 300 });
    expect([image.width, image.height]).toEqual([300, 150]);
  });

  it('refuses a text file, whatever its name', async () => {
    expect(await refusal(Buffer.from('just some text, named photo.png'))).toBe(messageText('validation.imageType'));
  });

  it('refuses a GIF (not one of the accepted types)', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(await refusal(gif)).toBe(messageText('validation.imageType'));
  });

  it('refuses a PNG with a script appended', async () => {
    expect(await refusal(await makePngWithScript())).toBe(messageText('validation.imageCorrupt'));
  });

  it('refuses a truncated image', async () => {
    const png = await makeImage('png', 256);
    const cut = Buffer.concat([png.subarray(0, png.length / 2), png.subarray(png.length - 12)]);
    expect(await refusal(cut)).toBe(messageText('validation.imageCorrupt'));
  });

  it('refuses more than 10 MB', async () => {
    const huge = Buffer.concat([await makeImage('png'), Buffer.alloc(IMAGE_MAX_BYTES)]);
    expect(await refusal(huge)).toBe(messageText('validation.imageTooLarge'));
  });
});
