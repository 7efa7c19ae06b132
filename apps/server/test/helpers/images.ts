import sharp from 'sharp';

/** Real images for upload tests, made by sharp: a small coloured square in each accepted format. */
export async function makeImage(format: 'jpeg' | 'png' | 'webp', size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying EXIF with a GPS position and a camera comment, which must not survive an upload. */
export async function makeJpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', ImageDescription: 'secret-note' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
    })
    .toBuffer();
}

/** A valid PNG with a script tacked on after its end: a polyglot the upload must refuse. */
export async function makePngWithScript(): Promise<Buffer> {
  return Buffer.concat([await makeImage('png'), Buffer.from('<script>alert(document.cookie)</script>')]);
}
