import type { TAuditEntry } from '@meridian/contracts/balances';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Table, type TableColumn } from '@/components/ui/table';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { cn } from '@/lib/cn';
import { useAuditText } from '../hooks/use-audit-text';
import { kindOf } from '../utils/audit-values';
import { summariseChange } from '../utils/summarise-change';

const clientPath = (id: string) => `/admin/client_details/${encodeURIComponent(id)}`;

/** An action's name in the reader's language; one this version does not know reads as words, not a code. */
export function useActionLabel(): (action: string) => string {
  return useAuditText().action;
}

/** Audit entries: when, admin, action, client, reason, and what changed (before → after). */
export function AuditTable({ entries, hideClient = false }: { entries: readonly TAuditEntry[]; hideClient?: boolean }) {
  const { t } = useTranslation('audit');
  const format = useLocaleFormat();
  const actionLabel = useActionLabel();

  const columns: TableColumn<TAuditEntry>[] = [
    {
      id: 'when',
      header: t('columns.when'),
      className: 'whitespace-nowrap',
      cell: (e) => <time dateTime={e.createdAt}>{format.dateTime(e.createdAt)}</time>,
    },
    {
      id: 'admin',
      header: t('columns.admin'),
      cell: (e) =>
        e.actor ? (
          <span className="block max-w-44">
            <span className="block truncate">{e.actor.name}</span>
            <span className="block truncate text-xs text-muted">{e.actor.email}</span>
          </span>
        ) : (
          <span className="text-muted">{t('system')}</span>
        ),
    },
    {
      id: 'action',
      header: t('columns.action'),
      cell: (e) => {
        const path = entityPath(e);
        return (
          <span className="block">
            <span className="block font-medium">{actionLabel(e.action)}</span>
            {path && e.entityId && (
              <Link to={path} className="font-mono text-xs text-primary hover:underline">
                #{e.entityId.slice(-8)}
              </Link>
            )}
          </span>
        );
      },
    },
  ];
  if (!hideClient) {
    columns.push({
      id: 'client',
      header: t('columns.client'),
      cell: (e) =>
        e.target ? (
          <Link to={clientPath(e.target.id)} className="block max-w-44 truncate hover:text-primary hover:underline">
            {e.target.name}
          </Link>
        ) : (
          <span className="text-muted">—</span>
        ),
    });
  }
  columns.push(
    {
      id: 'reason',
      header: t('columns.reason'),
      cell: (e) => <span className="line-clamp-3 max-w-64 break-words">{e.reason || '—'}</span>,
    },
    { id: 'change', header: t('columns.change'), cell: (e) => <ChangeSummary entry={e} /> },
  );

  return (
    <Table
      caption={t('title')}
      columns={columns}
      rows={entries}
      rowKey={(e) => e.id}
      testId="audit-entry"
      tableFrom="xl"
    />
  );
}

function ChangeSummary({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation('audit');
  const text = useAuditText();
  const { changes, amount } = summariseChange(entry.before, entry.after);
  if (changes.length === 0 && amount === undefined) return <span className="text-muted">—</span>;
  return (
    <ul className="space-y-1 text-xs">
      {amount !== undefined && (
        <li className="text-muted">
          {text.field('amount')}: <span className="tabular-nums text-fg">{text.value('amount', amount, 'before')}</span>
        </li>
      )}
      {changes.map((change) => {
        const before = text.value(change.field, change.before, 'before');
        const after = text.value(change.field, change.after, 'after');
        // A created record has no "before", a deleted one no "after": show the one side there is.
        const created = change.before === undefined;
        const deleted = change.after === undefined;
        // Free text may be long: two lines of it. A date, an amount or a label is shown whole.
        const long = ['text', 'record'].includes(kindOf(change.field, change.after ?? change.before));
        const valueClass = long ? 'line-clamp-2 max-w-48 break-words' : 'whitespace-nowrap tabular-nums';
        return (
          <li
            key={change.field}
            className="flex flex-wrap items-center justify-end gap-1 xl:justify-start"
            data-testid="audit-field"
          >
            {change.field && <span className="text-muted">{text.field(change.field)}:</span>}
            {!created && (
              <span className={cn(valueClass, deleted && 'text-muted line-through')} title={long ? before : undefined}>
                {before}
              </span>
            )}
            {!created && !deleted && <ArrowRight className="h-3 w-3 shrink-0 text-muted" aria-label={t('to')} />}
            {!deleted && (
              <span className={cn(valueClass, 'font-semibold')} title={long ? after : undefined}>
                {after}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Where the record an entry is about can be seen, if it has a page. */
function entityPath(entry: TAuditEntry): string | null {
  if (!entry.entityId) return null;
  const id = encodeURIComponent(entry.entityId);
  if (entry.entityType === 'transaction') return `/admin/transaction-overview/${id}`;
  if (entry.action.endsWith('.delete')) return null;
  if (entry.entityType === 'depositMethod') return `/admin/depositmethod/${id}`;
  if (entry.entityType === 'withdrawalMethod') return `/admin/withdrawalmethod/${id}`;
  return null;
}
