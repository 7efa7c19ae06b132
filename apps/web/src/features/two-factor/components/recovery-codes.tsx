import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';

/**
 * The recovery codes, shown this once: copy, download as a text file, and an acknowledgement before
 * going on (they cannot be shown again).
 */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  const { t } = useTranslation('two-factor');
  const [saved, setSaved] = useState(false);
  const text = codes.join('\n');

  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'meridian-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="space-y-4" data-testid="recovery-codes">
      <Alert tone="warning">{t('codes.once')}</Alert>
      <ul
        aria-label={t('codes.listLabel')}
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-surface-2 p-4 font-mono text-sm text-fg"
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={text} label={t('codes.copy')} />
        <Button variant="outline" size="sm" onClick={download}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {t('codes.download')}
        </Button>
      </div>
      <label className="flex w-fit cursor-pointer items-center gap-2 text-sm text-fg">
        <input
          type="checkbox"
          className="h-4 w-4 rounded accent-primary"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
        />
        {t('codes.acknowledge')}
      </label>
      <Button onClick={onDone} disabled={!saved}>
        {doneLabel}
      </Button>
    </div>
  );
}
