import { MARKET_PAIRS } from '@meridian/contracts/pairs';
import { BadgePercent, CalendarClock, CandlestickChart, ShieldCheck, TriangleAlert } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useContent } from '@/api/content';
import { BRAND_NAME } from '@/components/logo';
import { Skeleton } from '@/components/ui/skeleton';
import { WhenVisible } from '@/components/when-visible';
import { Hero } from '@/features/home/components/hero';
import { WhenIdle } from '@/features/home/components/when-idle';
import { cn } from '@/lib/cn';
import { lazyComponent } from '@/lib/lazy-component';
import { FeatureCard } from './feature-card';
import { RegisterButton } from './register-button';

// The hero's live prices: in the first screen, but their code (the price stream, its checks) loads
// once the page has loaded and the browser is idle, in a chunk of its own, into a placeholder of the
// same height: it costs the first paint neither bytes nor main-thread time, and nothing moves.
const HeroQuotes = lazyComponent(() => import('@/features/market/components/hero-quotes'), 'HeroQuotes');
const HERO_QUOTES_HEIGHT = 'h-[26rem]';
const heroQuotesPlaceholder = <Skeleton className={cn(HERO_QUOTES_HEIGHT, 'w-full rounded-2xl')} />;

// Shown only once its figures say something (often never on a young platform): nothing to paint
// before the figures arrive, so its code need not come with the first paint either.
const PlatformStats = lazyComponent(() => import('@/features/home/components/platform-stats'), 'PlatformStats');

// Below the fold: their code (the chart library, the carousel) loads when the reader gets near; the
// plans load at once, but after the first paint.
const MarketSection = lazyComponent(() => import('@/features/market/components/market-section'), 'MarketSection');
const NewsSection = lazyComponent(() => import('@/features/news/components/news-section'), 'NewsSection');
const Testimonials = lazyComponent(() => import('@/features/home/components/testimonials'), 'Testimonials');
const Plans = lazyComponent(() => import('@/features/home/components/plans'), 'Plans');
const Rating = lazyComponent(() => import('@/features/home/components/testimonials'), 'Rating');
// They show after a wait (the first event, two idle minutes), so they need not delay the first paint.
const ActivityPopup = lazyComponent(() => import('@/features/home/components/activity-popup'), 'ActivityPopup');
const IdleHelp = lazyComponent(() => import('@/features/home/components/idle-help'), 'IdleHelp');

const FEATURES = [
  { key: 'pairs', icon: CandlestickChart },
  { key: 'plans', icon: CalendarClock },
  { key: 'fees', icon: BadgePercent },
  { key: 'security', icon: ShieldCheck },
] as const;

/** Crypto the operator accepts for deposits; plain text badges, no third-party images. */
const PAYMENT_METHODS = [
  'Bitcoin (BTC)',
  'Ethereum (ETH)',
  'USDT (TRC20)',
  'USDT (ERC20)',
  'BNB',
  'Solana (SOL)',
  'XRP',
];

function SectionFallback({ height }: { height: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <Skeleton className={`${height} w-full rounded-2xl`} />
    </div>
  );
}

/** `/`: what a visitor sees first. Everything it claims is true or computed (docs/deviations.md). */
export function Component() {
  const { t } = useTranslation('home');
  const contentQuery = useContent();
  const content = contentQuery.data;
  const brand = content?.brand.name ?? BRAND_NAME;
  const features = content?.copy.home?.features.length
    ? content.copy.home.features.map((card, i) => ({
        ...card,
        icon: FEATURES[i % FEATURES.length]?.icon ?? ShieldCheck,
      }))
    : FEATURES.map(({ key, icon }) => ({
        title: t(`features.${key}.title`, { count: MARKET_PAIRS.length }),
        body: t(`features.${key}.body`),
        icon,
      }));

  return (
    <>
      <title>{`${brand} · ${t('title')}`}</title>
      <Hero
        brand={brand}
        aside={
          <WhenIdle fallback={heroQuotesPlaceholder}>
            <Suspense fallback={heroQuotesPlaceholder}>
              <HeroQuotes className={HERO_QUOTES_HEIGHT} />
            </Suspense>
          </WhenIdle>
        }
      />

      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="features-title" className="sr-only">
          {t('features.title')}
        </h2>
        <ul
          className={cn(
            'grid gap-4 sm:grid-cols-2',
            !contentQuery.isPending && features.length % 4 === 0 ? 'lg:grid-cols-4' : 'lg:grid-cols-3',
          )}
        >
          {contentQuery.isPending
            ? // Until the operator's cards are known, as many placeholders as the shipped content has
              // (3): showing the 4 built-in cards first would reflow the row when the content arrives.
              Array.from({ length: 3 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <li key={i} aria-hidden="true">
                  <Skeleton className="h-40 w-full rounded-2xl" />
                </li>
              ))
            : features.map(({ title, body, icon }) => (
                <FeatureCard key={title} icon={icon} title={title} body={body} />
              ))}
        </ul>
      </section>

      <Suspense fallback={null}>
        <PlatformStats />
      </Suspense>

      <section aria-labelledby="promo-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-primary px-6 py-10 text-primary-fg sm:flex-row sm:items-center sm:justify-between sm:px-10">
          <div className="max-w-xl">
            <h2 id="promo-title" className="text-2xl font-semibold">
              {t('promo.title')}
            </h2>
            <p className="mt-2 opacity-90">{t('promo.body', { brand })}</p>
          </div>
          <RegisterButton size="lg" variant="secondary">
            {t('promo.register')}
          </RegisterButton>
        </div>
      </section>

      <WhenVisible minHeight="44rem">
        <Suspense fallback={<SectionFallback height="h-[40rem]" />}>
          <MarketSection />
        </Suspense>
      </WhenVisible>

      <WhenVisible minHeight="30rem">
        <Suspense fallback={<SectionFallback height="h-96" />}>
          <NewsSection />
        </Suspense>
      </WhenVisible>

      {content && content.testimonials.length > 0 && (
        <Suspense fallback={<SectionFallback height="h-56" />}>
          <Testimonials items={content.testimonials} />
        </Suspense>
      )}
      {content?.rating && (
        <Suspense fallback={null}>
          <Rating rating={content.rating} />
        </Suspense>
      )}

      {/* As tall as the plans' own loading state (three cards); with no plan the section goes. */}
      <Suspense fallback={<SectionFallback height="h-[62rem] sm:h-[44rem] lg:h-[26rem]" />}>
        <Plans />
      </Suspense>

      <section aria-labelledby="payments-title" className="mx-auto max-w-6xl px-4 pb-14 sm:px-6">
        <h2 id="payments-title" className="text-lg font-semibold text-fg">
          {t('payments.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('payments.lead')}</p>
        <ul className="mt-4 flex flex-wrap gap-2">
          {PAYMENT_METHODS.map((method) => (
            <li key={method} className="rounded-full border border-border bg-surface px-3 py-1 text-sm text-fg">
              {method}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="risk-title" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <div className="flex gap-3 rounded-2xl border border-warning/40 bg-warning-soft/40 p-6">
          <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-warning" aria-hidden="true" />
          <div>
            <h2 id="risk-title" className="font-semibold text-fg">
              {t('risk.title')}
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-muted">{t('risk.body')}</p>
          </div>
        </div>
      </section>

      <Suspense fallback={null}>
        <ActivityPopup />
        <IdleHelp />
      </Suspense>
    </>
  );
}
