import type { TOutboxMessage } from '@meridian/contracts/balances';
import { ChevronDown, Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { usePageParam } from '@/hooks/use-page-param';
import { cn } from '@/lib/cn';
import { useOutbox } from '../api/get-outbox';

/**
 * /admin/outbox: every message the platform sent (the default mail transport keeps them here;
 * with SMTP they are also delivered). Each opens to its full text, e.g. a withdrawal code.
 */
export function OutboxPage() {
  const { t } = useTranslation('backoffice');
  const [page, setPage] = usePageParam();
  const query = useOutbox(page);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-fg">{t('outbox.title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('outbox.subtitle')}</p>
      </header>
      <QueryView
        query={query}
        loading={<SkeletonList rows={6} />}
        errorTitle={t('lists.loadError')}
        isEmpty={(data) => data.messages.length === 0}
        empty={<EmptyState icon={Mail} title={t('outbox.empty')} description={t('outbox.emptyBody')} />}
      >
        {(data) => (
          <div aria-busy={query.isPlaceholderData || undefined}>
            <ul className="space-y-3" aria-label={t('outbox.title')}>
              {data.messages.map((message) => (
                <li key={message.id}>
                  <OutboxItem message={message} />
                </li>
              ))}
            </ul>
            <Pager page={page} totalPage={data.totalPage} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
    </div>
  );
}

function OutboxItem({ message }: { message: TOutboxMessage }) {
  const { t } = useTranslation('backoffice');
  const format = useLocaleFormat();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <article className="overflow-hidden rounded-2xl border border-border bg-surface" data-testid="outbox-message">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-start gap-3 p-4 text-left hover:bg-surface-2/50"
        >
          <span className="mt-0.5 grid h-9 w-9 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
            <Mail className="h-4 w-4" aria-hidden="true" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate font-semibold text-fg">{message.subject}</span>
            <span className="mt-0.5 block truncate text-sm text-muted">
              {t('outbox.to')} {message.to}
            </span>
          </span>
          <span className="flex shrink-0 flex-col items-end gap-1.5">
            <span className="whitespace-nowrap text-xs text-muted">{format.dateTime(message.createdAt)}</span>
            <Badge tone={message.transport === 'smtp' ? 'info' : 'neutral'}>
              {t(`outbox.transport.${message.transport}`)}
            </Badge>
          </span>
          <ChevronDown
            className={cn('mt-2 h-4 w-4 shrink-0 text-muted transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
      </h2>
      <div id={bodyId} hidden={!open} className="border-t border-border bg-surface-2/40 p-4">
        <pre className="whitespace-pre-wrap break-words font-sans text-sm text-fg" data-testid="outbox-text">
          {message.text}
        </pre>
        <div className="mt-3">
          <CopyButton value={message.text} label={t('outbox.copyText')} />
        </div>
      </div>
    </article>
  );
}
