import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** A picture as we serve it: re-encoded by us, never the provider's bytes. */
export interface TNewsPicture {
  data: Buffer;
  contentType: 'image/webp';
}

export interface NewsImagesOptions {
  /** A source larger than this is refused (checked on the declared length and while reading). */
  maxSourceBytes?: number;
  /** How long fetching one source may take, body included. */
  timeoutMs?: number;
  /** Wider pictures are scaled down to this width (never up). */
  maxWidth?: number;
  /** Most bytes of pictures kept in memory; the least recently used go first. */
  maxCachedBytes?: number;
  /** Most sources remembered (a feed names at most NEWS_MAX_ITEMS): the oldest are forgotten first. */
  maxSources?: number;
  /** A source that failed is not asked again for this long. */
  retryMs?: number;
  /** The clock (tests drive it by hand). */
  now?: () => number;
  /** Told about each source that could not be served. */
  onError?: (err: unknown, url: string) => void;
}

export const NEWS_IMAGE_DEFAULTS = {
  maxSourceBytes: 5 * 1024 * 1024,
  timeoutMs: 5_000,
  maxWidth: 1280,
  maxCachedBytes: 32 * 1024 * 1024,
  maxSources: 90,
  retryMs: 10 * 60_000,
} as const;

/** The formats we take from a provider, recognised by their bytes (never by the declared type). */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
/** Refuse decompression bombs: a few MB of PNG can claim billions of pixels. */
const MAX_INPUT_PIXELS = 50_000_000;

export class NewsImageError extends Error {
  override name = 'NewsImageError';
}

/** The key issued for an image address: opaque to readers, the same for the same address. */
export function newsImageKey(url: string): string {
  return createHash('sha256').update(url).digest('hex').slice(0, 32);
}

interface TEntry {
  url: string;
  picture?: TNewsPicture;
  loading?: Promise<TNewsPicture | undefined>;
  failedAt?: number;
}

/**
 * News pictures served from our own origin, so the page's CSP can stay `img-src 'self'` and readers'
 * addresses never reach the provider's image hosts. Only addresses the news feed named are ever
 * fetched: the feed `register`s each one and hands out its key, and `picture(key)` knows nothing
 * else (no open proxy). Each source is fetched once (concurrent requests share the call), capped in
 * size and time, recognised as JPEG, PNG, WebP, GIF or AVIF by its bytes, and re-encoded to WebP at
 * most `maxWidth` wide, which also drops its metadata and anything appended to it.
 *
 * Kept in memory, bounded in sources and bytes: a feed of 30 items makes a few MB of WebP, pictures
 * come and go with the news, and after a restart each is fetched once more. Storing them in the
 * FileStore would outlive the news they belong to and need a sweeper for little gain.
 */
export class NewsImages {
  private readonly options: Required<Omit<NewsImagesOptions, 'onError' | 'now'>>;
  private readonly now: () => number;
  private readonly onError: (err: unknown, url: string) => void;
  /** By key, least recently used first. */
  private readonly entries = new Map<string, TEntry>();
  private cachedBytes = 0;

  constructor(options: NewsImagesOptions = {}) {
    const { now, onError, ...limits } = options;
    this.options = { ...NEWS_IMAGE_DEFAULTS, ...limits };
    this.now = now ?? Date.now;
    this.onError = onError ?? (() => {});
  }

  /** Remembers an image address the news feed named, and answers the key it is served under. */
  register(url: string): string {
    const key = newsImageKey(url);
    this.touch(key, this.entries.get(key) ?? { url });
    while (this.entries.size > this.options.maxSources) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
    return key;
  }

  /** Whether the key was issued (and is still remembered). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /**
   * The picture of an issued key, fetched on first use; undefined for a key we never issued, and for
   * a source that failed, is too large or is not an image (asked again after `retryMs`).
   */
  async picture(key: string): Promise<TNewsPicture | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.touch(key, entry);
    if (entry.picture) return entry.picture;
    if (entry.loading) return entry.loading;
    if (entry.failedAt !== undefined && this.now() - entry.failedAt < this.options.retryMs) return undefined;
    const loading = this.load(entry.url).then(
      (picture) => {
        entry.failedAt = undefined;
        // Forgotten while it loaded: serve it this once, keep nothing.
        if (this.entries.get(key) === entry) {
          entry.picture = picture;
          this.cachedBytes += picture.data.length;
          this.trimBytes();
        }
        return picture;
      },
      (err: unknown) => {
        entry.failedAt = this.now();
        this.onError(err, entry.url);
        return undefined;
      },
    );
    entry.loading = loading.finally(() => {
      entry.loading = undefined;
    });
    return entry.loading;
  }

  private touch(key: string, entry: TEntry) {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private forget(key: string) {
    const entry = this.entries.get(key);
    if (entry?.picture) this.cachedBytes -= entry.picture.data.length;
    this.entries.delete(key);
  }

  /** Drops the least recently used pictures (their keys stay valid) until the bytes fit. */
  private trimBytes() {
    for (const entry of this.entries.values()) {
      if (this.cachedBytes <= this.options.maxCachedBytes) return;
      if (!entry.picture) continue;
      this.cachedBytes -= entry.picture.data.length;
      entry.picture = undefined;
    }
  }

  private async load(url: string): Promise<TNewsPicture> {
    const bytes = await this.download(url);
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !ACCEPTED.has(type.mime))
      throw new NewsImageError(`not an image we take (${type?.mime ?? 'unknown'})`);
    try {
      const data = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: this.options.maxWidth, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      return { data, contentType: 'image/webp' };
    } catch (err) {
      throw new NewsImageError(`could not decode the image: ${(err as Error).message}`);
    }
  }

  /** The source's bytes, refused past `maxSourceBytes` whether or not it declared its length. */
  private async download(url: string): Promise<Buffer> {
    const max = this.options.maxSourceBytes;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      throw new NewsImageError(`unreachable: ${(err as Error).message}`);
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new NewsImageError(`answered ${res.status}`);
    }
    if (Number(res.headers.get('content-length') ?? 0) > max) {
      await res.body.cancel();
      throw new NewsImageError(`declares more than ${max} bytes`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > max) {
          await reader.cancel();
          throw new NewsImageError(`larger than ${max} bytes`);
        }
        chunks.push(value);
      }
    } catch (err) {
      if (err instanceof NewsImageError) throw err;
      throw new NewsImageError(`cut short: ${(err as Error).message}`);
    }
    return Buffer.concat(chunks);
  }
}
