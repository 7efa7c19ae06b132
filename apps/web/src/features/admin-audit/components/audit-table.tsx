import type { TAuditEntry } from '@meridian/contracts/balances';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Table, type TableColumn } from '@/components/ui/table';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { cn } from '@/lib/cn';
import { MONEY_FIELDS, summariseChange } from '../utils/summarise-change';

const clientPath = (id: string) => `/admin/client_details/${encodeURIComponent(id)}`;

/** An action's name in the reader's language; an action this version does not know keeps its code. */
export function useActionLabel(): (action: string) => string {
  const { t } = useTranslation('backoffice');
  return (action) => t(`audit.actions.${action}`, { defaultValue: action });
}

/** Audit entries: when, admin, action, client, reason, and what changed (before → after). */
export function AuditTable({ entries, hideClient = false }: { entries: readonly TAuditEntry[]; hideClient?: boolean }) {
  const { t } = useTranslation('backoffice');
  const format = useLocaleFormat();
  const actionLabel = useActionLabel();

  const columns: TableColumn<TAuditEntry>[] = [
    {
      id: 'when',
      header: t('audit.columns.when'),
      className: 'whitespace-nowrap',
      cell: (e) => format.dateTime(e.createdAt),
    },
    {
      id: 'admin',
      header: t('audit.columns.admin'),
      cell: (e) =>
        e.actor ? (
          <span className="block max-w-44">
            <span className="block truncate">{e.actor.name}</span>
            <span className="block truncate text-xs text-muted">{e.actor.email}</span>
          </span>
        ) : (
          <span className="text-muted">{t('audit.system')}</span>
        ),
    },
    {
      id: 'action',
      header: t('audit.columns.action'),
      cell: (e) => {
        const path = entityPath(e);
        return (
          <span className="block">
            <span className="block font-medium" title={e.action}>
              {actionLabel(e.action)}
            </span>
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
      header: t('audit.columns.client'),
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
      header: t('audit.columns.reason'),
      cell: (e) => <span className="line-clamp-3 max-w-64 break-words">{e.reason || '—'}</span>,
    },
    { id: 'change', header: t('audit.columns.change'), cell: (e) => <ChangeSummary entry={e} /> },
  );

  return (
    <Table
      caption={t('audit.title')}
      columns={columns}
      rows={entries}
      rowKey={(e) => e.id}
      testId="audit-entry"
      tableFrom="xl"
    />
  );
}

function ChangeSummary({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation('backoffice');
  const format = useLocaleFormat();
  const { changes, amount } = summariseChange(entry.before, entry.after);
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'number' && MONEY_FIELDS.has(field)) return format.money(value);
    if (typeof value === 'string' && field === 'status') return t(`statuses.${value}`, { defaultValue: value });
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  if (changes.length === 0 && amount === undefined) return <span className="text-muted">—</span>;
  return (
    <ul className="space-y-1 text-xs">
      {amount !== undefined && (
        <li className="text-muted">
          {t('audit.fields.amount')}: <span className="tabular-nums text-fg">{show('amount', amount)}</span>
        </li>
      )}
      {changes.map((change) => {
        const before = show(change.field, change.before);
        const after = show(change.field, change.after);
        // A created record has no "before", a deleted one no "after": show the one side there is.
        const created = change.before === undefined;
        const deleted = change.after === undefined;
        return (
          <li key={change.field} className="flex flex-wrap items-center justify-end gap-1 xl:justify-start">
            {change.field && (
              <span className="text-muted">{t(`audit.fields.${change.field}`, { defaultValue: change.field })}:</span>
            )}
            {!created && (
              <span
                className={cn('max-w-40 truncate tabular-nums', deleted && 'text-muted line-through')}
                title={before}
              >
                {before}
              </span>
            )}
            {!created && !deleted && <ArrowRight className="h-3 w-3 shrink-0 text-muted" aria-label={t('audit.to')} />}
            {!deleted && (
              <span className="max-w-40 truncate font-semibold tabular-nums" title={after}>
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
