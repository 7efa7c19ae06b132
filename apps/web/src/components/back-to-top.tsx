import { ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '@/hooks/use-reduced-motion';
import { useScrolledPast } from '@/hooks/use-scrolled-past';

/**
 * Appears after scrolling 300 px, bottom-right; above the support chat button where that one shows
 * (it marks the page with `data-chat-button`), so neither hides the other.
 */
export function BackToTop() {
  const { t } = useTranslation();
  const visible = useScrolledPast();
  const reduceMotion = useReducedMotion();
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' })}
      className="fixed bottom-6 right-6 z-40 grid [[data-chat-button]_&]:bottom-24 [[data-chat-button]_&]:right-[1.375rem] h-11 w-11 place-items-center rounded-full bg-primary text-primary-fg shadow-lg hover:bg-primary-hover"
      aria-label={t('backToTop')}
    >
      <ArrowUp className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}
