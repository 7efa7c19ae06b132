import { Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HomeSection } from '@/components/home-section';
import { Carousel } from '@/components/ui/carousel';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { messageKey } from '@/i18n';
import { useNews } from '../api/get-news';
import { NewsCard } from './news-card';

/** How often the news carousel moves on. */
const NEWS_CAROUSEL_MS = 60_000;

/** Home page "Market insights": the latest market news, 3, 2 or 1 cards at a time by width. */
export function NewsSection() {
  const { t } = useTranslation('news');
  const news = useNews();
  return (
    <HomeSection id="news-title" title={t('title')} lead={t('lead')}>
      <div className="mt-6">
        {news.isPending ? (
          <LoadingStatus className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Skeleton className="h-80" />
            <Skeleton className="hidden h-80 sm:block" />
            <Skeleton className="hidden h-80 lg:block" />
          </LoadingStatus>
        ) : news.isError ? (
          <ErrorState
            title={t(messageKey('errors.newsLoadFailed'))}
            onRetry={() => void news.refetch()}
            retrying={news.isFetching}
          />
        ) : news.data.news.length === 0 ? (
          <EmptyState
            icon={Newspaper}
            title={news.data.configured ? t('empty.title') : t('notConfigured.title')}
            description={news.data.configured ? t('empty.body') : t('notConfigured.body')}
          />
        ) : (
          <Carousel
            label={t('carousel')}
            delayMs={NEWS_CAROUSEL_MS}
            slideClassName="basis-full sm:basis-1/2 lg:basis-1/3"
          >
            {news.data.news.map((item) => (
              <NewsCard key={item.id} item={item} />
            ))}
          </Carousel>
        )}
      </div>
    </HomeSection>
  );
}
