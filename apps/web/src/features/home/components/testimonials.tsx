import type { TPublicContent } from '@meridian/contracts/content';
import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Carousel } from '@/components/ui/carousel';
import { cn } from '@/lib/cn';

/** The testimonial carousel moves on every 6 s. */
const TESTIMONIAL_MS = 6000;

/** Where a testimonial or a rating was published, in a new tab that cannot reach back to this page. */
function SourceLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={cn('text-primary hover:underline', className)}>
      {children}
    </a>
  );
}

/** Testimonials from the operator content file, each with where it was published or how consent was given. */
export function Testimonials({ items }: { items: TPublicContent['testimonials'] }) {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <h2 id="testimonials-title" className="text-2xl font-semibold tracking-tight text-fg">
        {t('testimonials.title')}
      </h2>
      <div className="mt-6">
        <Carousel label={t('testimonials.carousel')} delayMs={TESTIMONIAL_MS} slideClassName="basis-full md:basis-1/2">
          {items.map((item) => (
            <figure
              key={`${item.author}-${item.quote.slice(0, 20)}`}
              className="h-full rounded-2xl border border-border bg-surface p-6"
            >
              <blockquote className="text-fg">“{item.quote}”</blockquote>
              <figcaption className="mt-4 text-sm text-muted">
                <span className="font-semibold text-fg">{item.author}</span>
                {item.location && <span> · {item.location}</span>}
                {item.source &&
                  (item.sourceUrl ? (
                    <SourceLink href={item.sourceUrl} className="block">
                      {item.source}
                    </SourceLink>
                  ) : (
                    <span className="block">{item.source}</span>
                  ))}
                {item.consentNote && <span className="block text-xs">{item.consentNote}</span>}
              </figcaption>
            </figure>
          ))}
        </Carousel>
      </div>
    </section>
  );
}

/** A rating only ever shows with its source (docs/deviations.md); without one configured, nothing shows. */
export function Rating({ rating }: { rating: NonNullable<TPublicContent['rating']> }) {
  const { t, i18n } = useTranslation('home');
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', { maximumFractionDigits: 1 });
  return (
    <section aria-labelledby="rating-title" className="mx-auto max-w-6xl px-4 pb-14 sm:px-6">
      <div className="flex flex-wrap items-center gap-4 rounded-2xl border border-border bg-surface p-6">
        <h2 id="rating-title" className="sr-only">
          {t('rating.title')}
        </h2>
        <Star className="h-8 w-8 fill-warning text-warning" aria-hidden="true" />
        <p className="text-fg">
          {t('rating.summary', { value: number.format(rating.value), count: number.format(rating.count) })}{' '}
          <SourceLink href={rating.url} className="font-semibold">
            {rating.source}
          </SourceLink>
        </p>
      </div>
    </section>
  );
}
