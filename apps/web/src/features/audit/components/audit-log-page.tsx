import { AUDIT_ACTIONS } from '@meridian/contracts/balances';
import { ScrollText, X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField, TextField } from '@/components/ui/field';
import { ListPage } from '@/components/ui/list-page';
import { parsePage } from '@/hooks/use-page-param';
import { useAudit } from '../api/get-audit';
import { AuditTable, useActionLabel } from './audit-table';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** /admin/audit: every admin action, filtered by action and client, paged by 10. Filters live in the address. */
export function AuditLogPage() {
  const { t } = useTranslation('audit');
  const actionLabel = useActionLabel();
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const action = params.get('action') ?? '';
  const client = params.get('client') ?? '';
  const clientValid = client === '' || isUuid(client);
  const query = useAudit({
    page,
    action: action || undefined,
    targetUserId: clientValid && client ? client : undefined,
  });

  const [clientInput, setClientInput] = useState(client);
  const [clientError, setClientError] = useState<string | null>(null);
  useEffect(() => setClientInput(client), [client]);

  const update = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });

  const applyClient = (event: FormEvent) => {
    event.preventDefault();
    const value = clientInput.trim();
    if (value && !isUuid(value)) return setClientError(t('filters.clientInvalid'));
    setClientError(null);
    update({ client: value });
  };

  const filtered = Boolean(action || client);

  return (
    <ListPage
      title={t('title')}
      subtitle={t('subtitle')}
      toolbar={
        <form
          onSubmit={applyClient}
          noValidate
          className="grid gap-4 rounded-2xl border border-border bg-surface p-4 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] md:items-start"
          aria-label={t('filters.label')}
        >
          <SelectField
            label={t('filters.action')}
            value={action}
            onChange={(event) => update({ action: event.target.value })}
            data-testid="audit-action-filter"
          >
            <option value="">{t('filters.allActions')}</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {actionLabel(value)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('filters.client')}
            placeholder={t('filters.clientPlaceholder')}
            value={clientInput}
            onChange={(event) => setClientInput(event.target.value)}
            error={clientError ?? undefined}
            spellCheck={false}
            autoComplete="off"
            className="font-mono"
            data-testid="audit-client-filter"
          />
          <div className="flex gap-2 md:pt-6">
            <Button type="submit" variant="outline">
              {t('filters.apply')}
            </Button>
            {filtered && (
              <Button
                variant="ghost"
                onClick={() => {
                  setClientError(null);
                  update({ action: '', client: '' });
                }}
              >
                <X className="h-4 w-4" aria-hidden="true" />
                {t('filters.clear')}
              </Button>
            )}
          </div>
        </form>
      }
      query={query}
      errorTitle={t('backoffice:lists.loadError')}
      isEmpty={(data) => data.entries.length === 0}
      empty={
        <EmptyState
          icon={ScrollText}
          title={t(filtered ? 'emptyFiltered' : 'empty')}
          description={filtered ? t('emptyFilteredBody') : undefined}
        />
      }
      paging={{
        page,
        onPageChange: (next) => update({ page: next > 1 ? String(next) : '' }),
        totalPage: (data) => data.totalPage,
      }}
    >
      {(data) => <AuditTable entries={data.entries} />}
    </ListPage>
  );
}
