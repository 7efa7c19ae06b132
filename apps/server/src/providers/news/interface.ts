import type { TNewsItem } from '@meridian/contracts/news';

/**
 * Where market news comes from (docs/architecture.md, `providers/`). `configured: false` means there is no source at all
 * (no API key): the feed is empty on purpose, not failing. `latest` throws when the source fails;
 * the cache in `cache.ts` decides what to serve then.
 */
export interface NewsProvider {
  readonly configured: boolean;
  /**
   * The newest items, newest first, at most NEWS_MAX_ITEMS. `image` is the provider's own address
   * (or ''): the cache swaps it for ours before anything is served (images.ts).
   */
  latest(): Promise<TNewsItem[]>;
}
