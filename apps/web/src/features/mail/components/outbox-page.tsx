import { MAIL_STATUSES, type TMailStatus, type TOutboxMessage } from '@meridian/contracts/mail';
import { ChevronDown, Mail, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type TBadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { ListPage } from '@/components/ui/list-page';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useMessageText } from '@/hooks/use-message-text';
import { usePageParam } from '@/hooks/use-page-param';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useOutbox } from '../api/get-outbox';
import { useResendMail } from '../api/resend-mail';

const STATUS_TONE: Record<TMailStatus, TBadgeTone> = { queued: 'warning', sent: 'success', failed: 'danger' };

/**
 * /admin/outbox: every message the platform wrote (without SMTP they stay here; with SMTP they are
 * queued, sent, or failed after their last attempt, when an admin can resend them). Each opens to
 * its full text, e.g. a withdrawal code.
 */
export function OutboxPage() {
  const { t } = useTranslation('mail');
  const [page, setPage] = usePageParam();
  const [status, setStatus] = useState<TMailStatus | ''>('');
  const query = useOutbox(page, status || undefined);

  return (
    <ListPage
      width="md"
      title={t('outbox.title')}
      subtitle={t('outbox.subtitle')}
      toolbar={
        <div className="max-w-xs">
          <SelectField
            label={t('outbox.filter')}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as TMailStatus | '');
              setPage(1);
            }}
            data-testid="outbox-status-filter"
          >
            <option value="">{t('outbox.allStatuses')}</option>
            {MAIL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`outbox.status.${value}`)}
              </option>
            ))}
          </SelectField>
        </div>
      }
      query={query}
      errorTitle={t('backoffice:lists.loadError')}
      isEmpty={(data) => data.messages.length === 0}
      empty={
        status ? (
          <EmptyState icon={Mail} title={t('outbox.emptyFiltered')} description={t('outbox.emptyFilteredBody')} />
        ) : (
          <EmptyState icon={Mail} title={t('outbox.empty')} description={t('outbox.emptyBody')} />
        )
      }
      paging={{ page, onPageChange: setPage, totalPage: (data) => data.totalPage }}
    >
      {(data) => (
        <ul className="space-y-3" aria-label={t('outbox.title')}>
          {data.messages.map((message) => (
            <li key={message.id}>
              <OutboxItem message={message} />
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}

function OutboxItem({ message }: { message: TOutboxMessage }) {
  const { t } = useTranslation('mail');
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
            {message.transport === 'smtp' ? (
              <Badge tone={STATUS_TONE[message.status]}>{t(`outbox.status.${message.status}`)}</Badge>
            ) : (
              <Badge tone="neutral">{t('outbox.transport.outbox')}</Badge>
            )}
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
        {message.transport === 'smtp' && message.status !== 'sent' && (
          <p className="mt-3 text-sm text-muted" data-testid="outbox-attempts">
            {t('outbox.attempts', { count: message.attempts })}
            {message.lastError && ` · ${t('outbox.lastError', { error: message.lastError })}`}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <CopyButton value={message.text} label={t('outbox.copyText')} />
          {message.status === 'failed' && <ResendButton id={message.id} />}
        </div>
      </div>
    </article>
  );
}

/** Puts a failed mail back in the queue; the list then shows it queued, and sent once it is. */
function ResendButton({ id }: { id: string }) {
  const { t } = useTranslation('mail');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const resend = useResendMail();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(id, {
          onSuccess: () => toast.success(text('mail.resent')),
          onError: (err) => toast.error(errorText(err, t('outbox.resendFailed'))),
        })
      }
      data-testid="outbox-resend"
    >
      <RotateCw className="h-4 w-4" aria-hidden="true" />
      {t('outbox.resend')}
    </Button>
  );
}
