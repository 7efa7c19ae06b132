import { ArrowRight, ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { useReducedMotion } from '@/hooks/use-reduced-motion';
import { cn } from '@/lib/cn';

/** The hero moves on every 6 s. */
export const HERO_AUTOPLAY_MS = 6000;

const SLIDES = [
  { key: 'trade', to: '/register', action: 'register' },
  { key: 'plans', to: '/register', action: 'register' },
  { key: 'about', to: '/about', action: 'learnMore' },
] as const;

/**
 * Three slides that rotate every 6 s, pause while pointed at or focused, and stay still for readers
 * who asked for reduced motion (or who press Pause). No library: it is above the fold, so it must
 * cost the first paint nothing. `aside` fills the right half on wide screens and sits under the
 * slides on narrow ones (the home page puts the live prices there); it is not part of the carousel.
 */
export function Hero({ brand, aside }: { brand: string; aside?: ReactNode }) {
  const { t } = useTranslation('home');
  const reduceMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [paused, setPaused] = useState(false);
  const playing = !reduceMotion && !paused && !hovered;

  // `index` restarts the 6 s wait after every move, also a manual one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: index is the trigger
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % SLIDES.length), HERO_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [playing, index]);

  const go = (next: number) => setIndex((next + SLIDES.length) % SLIDES.length);

  return (
    <div className="relative overflow-hidden border-b border-border bg-surface">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_80%_-10%,color-mix(in_srgb,var(--primary)_22%,transparent),transparent)]"
      />
      <div
        className={cn(
          'relative mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-24',
          aside && 'lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-center lg:gap-16',
        )}
      >
        <section
          aria-roledescription="carousel"
          aria-label={t('hero.label')}
          className="grid min-w-0"
          onPointerEnter={() => setHovered(true)}
          onPointerLeave={() => setHovered(false)}
          onFocus={() => setHovered(true)}
          onBlur={() => setHovered(false)}
        >
          {SLIDES.map((slide, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a group announced as a slide
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={t('hero.slideOf', { index: i + 1, count: SLIDES.length })}
              aria-hidden={i !== index}
              data-testid="hero-slide"
              data-active={i === index}
              className={cn(
                'col-start-1 row-start-1 max-w-2xl space-y-6 transition-opacity duration-700',
                i === index ? 'opacity-100' : 'pointer-events-none invisible opacity-0',
              )}
            >
              <p className="text-sm font-semibold uppercase tracking-widest text-primary">
                {t(`hero.slides.${slide.key}.eyebrow`)}
              </p>
              <h1 className="text-4xl font-semibold tracking-tight text-fg sm:text-5xl">
                {t(`hero.slides.${slide.key}.title`)}
              </h1>
              <p className="text-lg leading-relaxed text-muted">{t(`hero.slides.${slide.key}.lead`, { brand })}</p>
              <ButtonLink size="lg" to={slide.to} tabIndex={i === index ? undefined : -1}>
                {t(`hero.actions.${slide.action}`)}
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </ButtonLink>
            </div>
          ))}
          <div className="mt-10 flex items-center gap-2">
            <Button
              variant="outline"
              size="icon"
              onClick={() => go(index - 1)}
              aria-label={t('common:carousel.previous')}
            >
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            </Button>
            {SLIDES.map((slide, i) => (
              <button
                key={slide.key}
                type="button"
                onClick={() => go(i)}
                aria-label={t('common:carousel.goTo', { index: i + 1 })}
                aria-current={i === index}
                className="grid h-6 w-6 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span
                  className={cn('h-2 rounded-full transition-all', i === index ? 'w-6 bg-primary' : 'w-2 bg-border')}
                />
              </button>
            ))}
            <Button variant="outline" size="icon" onClick={() => go(index + 1)} aria-label={t('common:carousel.next')}>
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Button>
            {!reduceMotion && (
              <Button
                variant="ghost"
                size="icon"
                onClick={() => setPaused((p) => !p)}
                aria-label={paused ? t('hero.play') : t('hero.pause')}
              >
                {paused ? (
                  <Play className="h-4 w-4" aria-hidden="true" />
                ) : (
                  <Pause className="h-4 w-4" aria-hidden="true" />
                )}
              </Button>
            )}
          </div>
        </section>
        {aside}
      </div>
    </div>
  );
}
