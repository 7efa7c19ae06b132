import type { TNewsItem } from '@meridian/contracts/news';
import { Newspaper } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { previewOf } from '../utils/preview';

/**
 * The article's picture, served by our own server (`/api/crypto-news/images/…`, so the page's CSP
 * stays `img-src 'self'`), or a quiet placeholder when it has none or the server has no picture for
 * it (a 404: the source failed, was too large or was not an image).
 */
export function NewsImage({ item, className }: { item: TNewsItem; className: string }) {
  const [failed, setFailed] = useState(false);
  if (!item.image || failed) {
    return (
      <div
        className={`${className} grid place-items-center bg-surface-2 text-muted`}
        aria-hidden="true"
        data-testid="news-image-fallback"
      >
        <Newspaper className="h-8 w-8" />
      </div>
    );
  }
  return (
    <img
      src={item.image}
      alt=""
      width={640}
      height={360}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={`${className} object-cover`}
    />
  );
}

/** One news card of the carousel; the headline links to /blog-details with the article as state. */
export function NewsCard({ item }: { item: TNewsItem }) {
  const { t, i18n } = useTranslation('news');
  const when = formatDateTime(new Date(item.datetime * 1000).toISOString(), i18n.resolvedLanguage ?? 'en');
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-surface">
      <NewsImage item={item} className="aspect-video w-full" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-xs font-medium uppercase tracking-wide text-primary">
          {item.category} · {item.source}
        </p>
        <h3 className="font-semibold leading-snug text-fg">
          <Link to="/blog-details" state={{ article: item }} className="hover:underline">
            {item.headline}
          </Link>
        </h3>
        <p className="text-sm leading-relaxed text-muted">{previewOf(item.summary)}</p>
        <p className="mt-auto pt-2 text-xs text-muted">
          <time dateTime={new Date(item.datetime * 1000).toISOString()}>{when}</time>
          <span className="sr-only"> · {t('source', { source: item.source })}</span>
        </p>
      </div>
    </article>
  );
}
