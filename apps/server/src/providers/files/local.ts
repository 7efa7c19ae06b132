import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertFileKey, contentTypeOfKey, type FileStore, type TStoredFile } from './interface.ts';

/** Files in a folder on this machine; the content type follows from the key's extension. */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  async put(key: string, file: TStoredFile): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Write aside and rename, so a reader never sees half a file.
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, file.data);
    await rename(partial, path);
  }

  async get(key: string): Promise<TStoredFile | undefined> {
    try {
      return { data: await readFile(this.pathOf(key)), contentType: contentTypeOfKey(key) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    assertFileKey(key);
    return join(this.root, key);
  }
}
