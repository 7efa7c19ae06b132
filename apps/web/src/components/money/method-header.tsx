import { isRecommendedMethod, processingTimeKey } from '@meridian/contracts/methods';
import { BadgeCheck, Clock, Percent } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { MethodAvatar } from './method-card';

/** The heading of a method's page: its avatar and name, Recommended, the processing time and No fees. */
export function MethodHeader({ name, kind }: { name: string; kind: 'deposit' | 'withdrawal' }) {
  const { t } = useTranslation('methods');
  return (
    <header className="flex items-center gap-4">
      <MethodAvatar name={name} className="h-14 w-14 text-xl" />
      <div className="min-w-0">
        <h1 className="break-words text-2xl font-semibold text-fg">{name}</h1>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
          {isRecommendedMethod(name, kind) && (
            <Badge tone="success" icon={<BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />}>
              {t('methods.recommended')}
            </Badge>
          )}
          <span className="inline-flex items-center gap-1">
            <Clock className="h-4 w-4" aria-hidden="true" />
            {t(`methods.${processingTimeKey(name)}`)}
          </span>
          <span className="inline-flex items-center gap-1 text-success">
            <Percent className="h-4 w-4" aria-hidden="true" />
            {t('methods.noFees')}
          </span>
        </div>
      </div>
    </header>
  );
}
