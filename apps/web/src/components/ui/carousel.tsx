import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Children, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '@/hooks/use-reduced-motion';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface CarouselProps {
  /** What the carousel holds, for screen readers ("Market insights"). */
  label: string;
  /** Advance every this many ms; paused on hover and focus, never for reduced-motion readers. */
  delayMs: number;
  /** Width of one slide, e.g. `basis-full sm:basis-1/2 lg:basis-1/3` for 1/2/3 visible. */
  slideClassName?: string;
  children: ReactNode;
}

/**
 * A swipeable carousel (embla) with previous/next buttons and one dot per position, announced as a
 * carousel of slides. Loaded only with the sections that use it.
 */
export function Carousel({ label, delayMs, slideClassName = 'basis-full', children }: CarouselProps) {
  const { t } = useTranslation('common');
  const reduceMotion = useReducedMotion();
  const slides = Children.toArray(children);
  const [viewport, embla] = useEmblaCarousel(
    { loop: slides.length > 1, align: 'start' },
    reduceMotion
      ? []
      : [Autoplay({ delay: delayMs, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true })],
  );
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);

  const sync = useCallback(() => {
    if (!embla) return;
    setSelected(embla.selectedScrollSnap());
    setSnaps(embla.scrollSnapList());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    sync();
    embla.on('select', sync).on('reInit', sync);
    return () => {
      embla.off('select', sync).off('reInit', sync);
    };
  }, [embla, sync]);

  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative">
      <div ref={viewport} className="overflow-hidden">
        <div className="-ml-4 flex touch-pan-y">
          {slides.map((slide, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a group announced as a slide
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides keep their order
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel.slideOf', { index: i + 1, count: slides.length })}
              className={cn('min-w-0 shrink-0 grow-0 pl-4', slideClassName)}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {snaps.length > 1 && (
        <div className="mt-5 flex items-center justify-center gap-3">
          <Button variant="outline" size="icon" onClick={() => embla?.scrollPrev()} aria-label={t('carousel.previous')}>
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </Button>
          <div className="flex gap-1">
            {snaps.map((_, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: one dot per position
                key={i}
                type="button"
                onClick={() => embla?.scrollTo(i)}
                aria-label={t('carousel.goTo', { index: i + 1 })}
                aria-current={i === selected}
                className="grid h-6 w-6 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span
                  className={cn('h-2 rounded-full transition-all', i === selected ? 'w-5 bg-primary' : 'w-2 bg-border')}
                />
              </button>
            ))}
          </div>
          <Button variant="outline" size="icon" onClick={() => embla?.scrollNext()} aria-label={t('carousel.next')}>
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      )}
    </section>
  );
}
