import { NEWS_MAX_ITEMS, type TNewsItem, ZHttpUrl } from '@meridian/contracts/news';
import { z } from 'zod';
import type { NewsProvider } from './interface.ts';

/** How long one call to Finnhub may take before it counts as failed. */
const TIMEOUT_MS = 5_000;
/** Text from upstream is cut to these lengths before it reaches a page. */
const HEADLINE_MAX = 300;
const SUMMARY_MAX = 2_000;
const SHORT_MAX = 100;

/**
 * One item of Finnhub's market news (`GET /api/v1/news?category=general`): category, datetime
 * (seconds), headline, id, image, related, source, summary, url. Read leniently: an item we cannot
 * use is skipped, not the whole answer.
 */
const ZFinnhubItem = z.object({
  id: z.union([z.number(), z.string()]).optional(),
  category: z.string().optional(),
  datetime: z.number().int().positive(),
  headline: z.string().trim().min(1),
  image: z.string().optional(),
  source: z.string().optional(),
  summary: z.string().optional(),
  url: ZHttpUrl,
});

export class FinnhubNewsError extends Error {
  override name = 'FinnhubNewsError';
}

export interface FinnhubOptions {
  token: string;
  /** `https://finnhub.io`, or a local fake server in tests. */
  baseUrl: string;
  category: string;
}

/** Finnhub's market news. The key goes in the `X-Finnhub-Token` header, so it never sits in a URL or a log. */
export class FinnhubNewsProvider implements NewsProvider {
  readonly configured = true;

  constructor(private readonly options: FinnhubOptions) {}

  async latest(): Promise<TNewsItem[]> {
    const url = new URL('/api/v1/news', this.options.baseUrl);
    url.searchParams.set('category', this.options.category);
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { 'x-finnhub-token': this.options.token, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new FinnhubNewsError(`Finnhub unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new FinnhubNewsError(`Finnhub answered ${res.status}`);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new FinnhubNewsError('Finnhub answered something that is not JSON');
    }
    if (!Array.isArray(body)) throw new FinnhubNewsError('Finnhub answered something that is not a list');
    return toNewsItems(body);
  }
}

/** The usable items of a Finnhub answer, newest first, without duplicates, cut to NEWS_MAX_ITEMS. */
export function toNewsItems(raw: unknown[]): TNewsItem[] {
  const seen = new Set<string>();
  const items: TNewsItem[] = [];
  for (const entry of raw) {
    const parsed = ZFinnhubItem.safeParse(entry);
    if (!parsed.success) continue;
    const n = parsed.data;
    const id = n.id === undefined ? n.url : String(n.id);
    if (seen.has(id)) continue;
    seen.add(id);
    items.push({
      id,
      image: n.image && ZHttpUrl.safeParse(n.image).success ? n.image : '',
      headline: n.headline.slice(0, HEADLINE_MAX),
      category: (n.category ?? '').slice(0, SHORT_MAX),
      datetime: n.datetime,
      source: (n.source ?? '').slice(0, SHORT_MAX),
      summary: (n.summary ?? '').trim().slice(0, SUMMARY_MAX),
      url: n.url,
    });
  }
  items.sort((a, b) => b.datetime - a.datetime);
  return items.slice(0, NEWS_MAX_ITEMS);
}
