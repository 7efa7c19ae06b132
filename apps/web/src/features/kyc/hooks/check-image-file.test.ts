import { KYC_IMAGE_MAX_BYTES } from '@meridian/contracts/kyc';
import { describe, expect, it } from 'vitest';
import { checkImageFile } from './check-image-file';

const file = (type: string, size: number, name = 'photo') => new File([new Uint8Array(size)], name, { type });

describe('checkImageFile', () => {
  it('accepts JPG, PNG and WebP up to 10 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(checkImageFile(file(type, 1024))).toBeUndefined();
    }
    expect(checkImageFile(file('image/png', KYC_IMAGE_MAX_BYTES))).toBeUndefined();
  });

  it('refuses other types, whatever the name says', () => {
    expect(checkImageFile(file('text/plain', 10, 'photo.png'))).toBe('validation.imageType');
    expect(checkImageFile(file('image/gif', 10))).toBe('validation.imageType');
  });

  it('refuses more than 10 MB and empty files', () => {
    expect(checkImageFile(file('image/jpeg', KYC_IMAGE_MAX_BYTES + 1))).toBe('validation.imageTooLarge');
    expect(checkImageFile(file('image/jpeg', 0))).toBe('validation.imageCorrupt');
  });
});
