import { endpointPath } from '@meridian/contracts/endpoint';
import { getNewsImage } from '@meridian/contracts/endpoints/news';
import { NEWS_REFRESH_MS, type TNewsFeed, type TNewsItem } from '@meridian/contracts/news';
import { AppError, notFound } from '../../lib/app-error.ts';
import { NewsImages, type TNewsPicture } from './images.ts';
import type { NewsProvider } from './interface.ts';

export interface NewsCacheOptions {
  /** At most one upstream call per this many milliseconds. */
  refreshMs?: number;
  /** The clock (tests drive it by hand). */
  now?: () => number;
  /** Told about each failed refresh (the app logs it). */
  onError?: (err: unknown) => void;
  /** Where the feed's pictures are served from (default: a store with the limits of images.ts). */
  images?: NewsImages;
}

/**
 * The news feed as the API serves it. However many requests arrive, the provider is asked at most
 * once per `refreshMs` (a failed call counts too, so a failing upstream is not hammered); requests
 * that arrive while a refresh runs wait for that same call. When a refresh fails, the last good copy
 * is served with `stale: true`; only when there has never been a good copy does the feed fail, with
 * 503 "Failed to load market insights". Without a configured provider the feed is empty and says so.
 * Each item's picture is served by us (`images`): the feed carries our address for it, never the
 * provider's.
 */
export class NewsCache {
  private readonly refreshMs: number;
  private readonly now: () => number;
  private readonly onError: (err: unknown) => void;
  /** The feed's pictures (images.ts). */
  readonly images: NewsImages;
  private good: { items: TNewsItem[]; at: number } | undefined;
  private lastAttemptAt: number | undefined;
  private lastFailed = false;
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly provider: NewsProvider,
    options: NewsCacheOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? NEWS_REFRESH_MS;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => {});
    this.images = options.images ?? new NewsImages();
  }

  get configured(): boolean {
    return this.provider.configured;
  }

  async feed(): Promise<TNewsFeed> {
    if (!this.provider.configured) return { news: [], configured: false, stale: false, updatedAt: null };
    if (this.inFlight) await this.inFlight;
    else if (this.isDue()) await this.refresh();
    if (!this.good) throw new AppError('UPSTREAM_UNAVAILABLE', 'errors.newsLoadFailed');
    return {
      news: this.good.items,
      configured: true,
      stale: this.lastFailed,
      updatedAt: new Date(this.good.at).toISOString(),
    };
  }

  /**
   * The picture under a key the feed issued (see images.ts); 404 for any other key and for a source
   * that cannot be served. A key not (or no longer) known is looked up again after one refresh, if
   * one is due: after a restart, a page still showing the earlier feed gets its pictures back.
   */
  async picture(key: string): Promise<TNewsPicture> {
    if (!this.images.has(key)) {
      if (this.inFlight) await this.inFlight;
      else if (this.provider.configured && this.isDue()) await this.refresh();
    }
    const picture = await this.images.picture(key);
    if (!picture) throw notFound();
    return picture;
  }

  private isDue(): boolean {
    return this.lastAttemptAt === undefined || this.now() - this.lastAttemptAt >= this.refreshMs;
  }

  private refresh(): Promise<void> {
    this.lastAttemptAt = this.now();
    const call = this.provider.latest().then(
      (items) => {
        this.good = { items: items.map((item) => this.withOurImage(item)), at: this.now() };
        this.lastFailed = false;
      },
      (err: unknown) => {
        this.lastFailed = true;
        this.onError(err);
      },
    );
    this.inFlight = call.finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /** The item with its picture's address on our server in place of the provider's. */
  private withOurImage(item: TNewsItem): TNewsItem {
    if (!item.image) return item;
    return { ...item, image: `/api${endpointPath(getNewsImage, { key: this.images.register(item.image) })}` };
  }
}
