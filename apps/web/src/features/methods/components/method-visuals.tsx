import { isBitcoinMethod, isRecommendedMethod, processingTimeKey } from '@meridian/contracts/methods';
import { Clock, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { TMethodKind } from '../api/method-kinds';

/** The method's initial in a round tile; Bitcoin / BTC in yellow. */
export function MethodInitial({ name, size = 'md' }: { name: string; size?: 'md' | 'lg' }) {
  const bitcoin = isBitcoinMethod(name);
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid shrink-0 place-items-center rounded-xl font-bold uppercase',
        size === 'lg' ? 'h-14 w-14 text-2xl' : 'h-11 w-11 text-lg',
        bitcoin ? 'bg-amber-400 text-amber-950' : 'bg-primary/10 text-primary',
      )}
      data-bitcoin={bitcoin || undefined}
    >
      {Array.from(name.trim())[0] ?? '?'}
    </span>
  );
}

/** "Recommended" on USDT (TRC20) and, for deposits, USDT (ERC20). */
export function RecommendedBadge({ name, kind }: { name: string; kind: TMethodKind }) {
  const { t } = useTranslation('methods');
  if (!isRecommendedMethod(name, kind)) return null;
  return (
    <Badge tone="success" icon={<Star className="h-3 w-3" aria-hidden="true" />} className="shrink-0">
      {t('admin.recommended')}
    </Badge>
  );
}

/** 'Instant - 45 min' for USDT (TRC20), '5 - 60 min' for every other method. */
export function ProcessingTime({ name }: { name: string }) {
  const { t } = useTranslation('methods');
  return (
    <span className="inline-flex items-center gap-1.5">
      <Clock className="h-3.5 w-3.5 text-muted" aria-hidden="true" />
      {t(`admin.processing.${processingTimeKey(name)}`)}
    </span>
  );
}
