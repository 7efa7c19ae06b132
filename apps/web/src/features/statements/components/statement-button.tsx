import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { StatementDialog } from './statement-dialog';

/** "Download statement" beside the client's history: opens the statement dialog for their own account. */
export function StatementButton() {
  const { t } = useTranslation('statements');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="statement-open">
        <FileDown className="h-4 w-4" aria-hidden="true" />
        {t('button')}
      </Button>
      <StatementDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
