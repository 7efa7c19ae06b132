import type { NewsProvider } from './interface.ts';

/** No news source configured: an empty feed, which the web shows as a clear empty state. */
export class NoNewsProvider implements NewsProvider {
  readonly configured = false;

  async latest() {
    return [];
  }
}
