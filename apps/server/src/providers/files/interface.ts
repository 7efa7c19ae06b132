/** A stored file and the content type it is served with. */
export interface TStoredFile {
  data: Buffer;
  contentType: string;
}

/**
 * Where uploaded files (KYC images, unlock photos, avatars) live. The default keeps them in a local
 * folder (`FILES_DIR`); an S3-compatible store implements the same three calls. Keys are opaque
 * paths the server makes itself (`kyc/<uuid>.jpg`), never names a user chose.
 */
export interface FileStore {
  put(key: string, file: TStoredFile): Promise<void>;
  /** The file, or undefined when there is none under this key. */
  get(key: string): Promise<TStoredFile | undefined>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** `area/name.ext` with safe characters only, so a key can never climb out of the store. */
export const FILE_KEY_PATTERN = /^[a-z0-9-]+\/[A-Za-z0-9-]+\.(jpg|png|webp)$/;

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export function assertFileKey(key: string): void {
  if (!FILE_KEY_PATTERN.test(key)) throw new Error(`invalid file key: ${key}`);
}

export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
