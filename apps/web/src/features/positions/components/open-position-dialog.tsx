import type { TQuote } from '@meridian/contracts/market';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { OpenPositionForm } from './open-position-form';

export interface OpenTradeDialogProps {
  userId: string;
  quotes: readonly TQuote[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Open Trade (Positions page): the Open New Position form in a dialog, which closes once the position opens or the order is placed. */
export function OpenPositionDialog({ userId, quotes, open, onOpenChange }: OpenTradeDialogProps) {
  const { t } = useTranslation('positions');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('positions.openTrade')} className="max-w-lg">
      <OpenPositionForm
        userId={userId}
        quotes={quotes}
        onOpened={() => onOpenChange(false)}
        onPlaced={() => onOpenChange(false)}
        autoFocus
      />
    </Dialog>
  );
}
