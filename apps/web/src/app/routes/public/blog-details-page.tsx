import { ZNewsItem } from '@meridian/contracts/news';
import { ArrowLeft, ExternalLink, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BRAND_NAME } from '@/components/logo';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { NewsImage } from '@/features/news/components/news-card';
import { useGoBack } from '@/hooks/use-go-back';
import { formatDateTime } from '@/lib/format';

/** /blog-details: the article handed over in navigation state; anything else is "Article Not Found". */
export function Component() {
  const { t, i18n } = useTranslation('news');
  const { state } = useLocation();
  const goBack = useGoBack();
  const parsed = ZNewsItem.safeParse((state as { article?: unknown } | null)?.article);

  if (!parsed.success) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <title>{`${BRAND_NAME} · ${t('article.notFound')}`}</title>
        <h1 className="sr-only">{t('article.notFound')}</h1>
        <EmptyState
          icon={SearchX}
          title={t('article.notFound')}
          description={t('article.notFoundBody')}
          action={
            <Button variant="outline" onClick={goBack}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              {t('article.goBack')}
            </Button>
          }
        />
      </div>
    );
  }

  const article = parsed.data;
  const iso = new Date(article.datetime * 1000).toISOString();
  const external = /^https?:\/\//.test(article.url) ? article.url : null;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <title>{`${BRAND_NAME} · ${article.headline}`}</title>
      <Button variant="ghost" size="sm" onClick={goBack} className="-ml-3 mb-6">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('article.back')}
      </Button>
      <p className="text-xs font-semibold uppercase tracking-widest text-primary">{article.category}</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-fg sm:text-4xl">{article.headline}</h1>
      <p className="mt-3 text-sm text-muted">
        <time dateTime={iso}>{formatDateTime(iso, i18n.resolvedLanguage ?? 'en')}</time> · {article.source}
      </p>
      <NewsImage item={article} className="mt-8 aspect-video w-full rounded-2xl" />
      <p className="mt-8 text-lg leading-relaxed text-fg">{article.summary}</p>
      {external && (
        <a
          href={external}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: 'outline' }, 'mt-8')}
        >
          {t('article.readOn', { source: article.source })}
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
        </a>
      )}
    </article>
  );
}
