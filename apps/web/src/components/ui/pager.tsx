import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface PagerProps {
  /** 1-based. */
  page: number;
  totalPage: number;
  onPageChange: (page: number) => void;
  className?: string;
}

/** Previous / page n of m / Next. Renders nothing when everything fits on one page (spec: totalPage > 1). */
export function Pager({ page, totalPage, onPageChange, className }: PagerProps) {
  const { t } = useTranslation('common');
  if (totalPage <= 1) return null;
  const current = Math.min(Math.max(page, 1), totalPage);
  return (
    <nav aria-label={t('pager.label')} className={cn('flex items-center justify-between gap-3 pt-4', className)}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(current - 1)}
        disabled={current <= 1}
        data-testid="pager-previous"
      >
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        {t('pager.previous')}
      </Button>
      <p className="text-sm text-muted" aria-live="polite" data-testid="pager-status">
        {t('pager.pageOf', { page: current, total: totalPage })}
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(current + 1)}
        disabled={current >= totalPage}
        data-testid="pager-next"
      >
        {t('pager.next')}
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
