import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { StatementDialog } from './statement-dialog';

/** The admin's Statements card on a client's page: the same dialog, for that client (closed accounts too). */
export function ClientStatements({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation('statements');
  const [open, setOpen] = useState(false);
  return (
    <Card
      title={t('admin.title')}
      icon={FileDown}
      actions={
        <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="statement-open">
          {t('button')}
        </Button>
      }
    >
      <p className="text-sm text-muted">{t('admin.intro')}</p>
      <StatementDialog open={open} onOpenChange={setOpen} userId={userId} clientName={name} />
    </Card>
  );
}
