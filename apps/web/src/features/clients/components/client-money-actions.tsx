import type { TUser } from '@meridian/contracts/auth';
import { creditBalance } from '@meridian/contracts/endpoints/adjustments';
import { sendInAppMessage } from '@meridian/contracts/endpoints/notifications';
import { Eraser, HandCoins, type LucideIcon, Mail, MinusCircle, PlusCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance } from '@/api/balance';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCan } from '@/hooks/use-can';
import type { TAdjustment } from '../api/adjust-balance';
import { AdjustmentDialog } from './adjustment-dialog';
import { MessageClientDialog } from './message-client-dialog';

const ACTIONS: readonly { kind: TAdjustment; icon: LucideIcon; variant: 'outline' | 'danger' }[] = [
  { kind: 'credit', icon: PlusCircle, variant: 'outline' },
  { kind: 'debit', icon: MinusCircle, variant: 'outline' },
  { kind: 'profit', icon: HandCoins, variant: 'outline' },
  { kind: 'clear', icon: Eraser, variant: 'danger' },
];

/**
 * Credit Account, Debit Account, Add Profit, Clear Balance: each a dialog, each a ledger transaction
 * with a reason; then Send message. Each only for a role that may do it (all four adjustments share
 * one permission); nothing left: no card.
 */
export function ClientMoneyActions({ client }: { client: TUser }) {
  const { t } = useTranslation('clients');
  const canAdjust = useCan(creditBalance.permission);
  const canMessage = useCan(sendInAppMessage.permission);
  const balance = useBalance(client.id);
  const [open, setOpen] = useState<TAdjustment | null>(null);
  const [messaging, setMessaging] = useState(false);
  const name = `${client.firstname} ${client.lastname}`.trim();

  if (!canAdjust && !canMessage) return null;
  return (
    // Without the money actions (Support) the card holds only the message: it is titled after it.
    <Card
      title={t(canAdjust ? 'client.actions.title' : 'client.actions.contactTitle')}
      icon={canAdjust ? HandCoins : Mail}
    >
      {canAdjust && <p className="mb-4 text-sm text-muted">{t('client.actions.intro')}</p>}
      <div className="grid gap-2 sm:grid-cols-2">
        {(canAdjust ? ACTIONS : []).map(({ kind, icon: Icon, variant }) => (
          <Button
            key={kind}
            variant={variant}
            className="justify-start"
            onClick={() => setOpen(kind)}
            data-testid={`action-${kind}`}
          >
            <Icon className="h-4 w-4" aria-hidden="true" />
            {t(`client.actions.${kind}.button`)}
          </Button>
        ))}
        {canMessage && (
          <Button
            variant="outline"
            className="justify-start"
            onClick={() => setMessaging(true)}
            data-testid="action-message"
          >
            <Mail className="h-4 w-4" aria-hidden="true" />
            {t('messages:adminAction')}
          </Button>
        )}
      </div>
      {messaging && <MessageClientDialog userId={client.id} clientName={name} onClose={() => setMessaging(false)} />}
      {open && (
        <AdjustmentDialog
          kind={open}
          userId={client.id}
          clientName={name}
          balance={balance.data}
          onClose={() => setOpen(null)}
        />
      )}
    </Card>
  );
}
