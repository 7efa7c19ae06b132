import { KYC_IMAGE_MAX_BYTES, KYC_IMAGE_TYPES } from '@meridian/contracts/kyc';
import type { TMessageKey } from '@meridian/contracts/messages';

/**
 * The browser's first check of a chosen image, mirroring the server's (which reads the bytes):
 * JPG, PNG or WebP, at most 10 MB. Answers the message key of the problem, or undefined.
 */
export function checkImageFile(file: File): TMessageKey | undefined {
  if (!(KYC_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'validation.imageType';
  if (file.size > KYC_IMAGE_MAX_BYTES) return 'validation.imageTooLarge';
  if (file.size === 0) return 'validation.imageCorrupt';
  return undefined;
}
