import type { TClientListItem } from '@meridian/contracts/clients';
import { closeClient } from '@meridian/contracts/endpoints/clients';
import { sendInAppMessage } from '@meridian/contracts/endpoints/notifications';
import { Eye, MessageSquare, Trash2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { oneLetterInitial, ShellAvatar } from '@/components/layouts/shell-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { VerifiedBadge } from '@/components/ui/status-badges';
import { Table, type TableColumn } from '@/components/ui/table';
import { useCan } from '@/hooks/use-can';
import { formatDate } from '@/lib/format';
import { lazyComponent } from '@/lib/lazy-component';

// The row actions' dialogs (with their form libraries) load when one opens, not with the list.
const MessageClientDialog = lazyComponent(() => import('./message-client-dialog'), 'MessageClientDialog');
const CloseClientDialog = lazyComponent(() => import('./close-client-dialog'), 'CloseClientDialog');

export const clientDetailsPath = (id: string) => `/admin/client_details/${encodeURIComponent(id)}`;
export const fullNameOf = (c: Pick<TClientListItem, 'firstname' | 'lastname'>) => `${c.firstname} ${c.lastname}`.trim();

type TOpenDialog = { client: TClientListItem; dialog: 'message' | 'delete' } | null;

/**
 * The Client Management table: User Info (avatar or initial, full name, email, green or
 * red activity dot), Status, Date Created, Verification, Phone, and View / Message / Delete.
 * Cards below `lg`.
 */
export function ClientTable({ caption, clients }: { caption: string; clients: readonly TClientListItem[] }) {
  const { t, i18n } = useTranslation('clients');
  const [open, setOpen] = useState<TOpenDialog>(null);
  const close = () => setOpen(null);

  const columns: TableColumn<TClientListItem>[] = [
    {
      id: 'user',
      header: t('columns.userInfo'),
      cell: (c) => <UserInfo client={c} />,
      hideInCard: true,
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (c) =>
        c.isActive ? (
          <Badge tone="success">{t('status.active')}</Badge>
        ) : (
          <Badge tone="danger">{t('status.inactive')}</Badge>
        ),
    },
    {
      id: 'created',
      header: t('columns.dateCreated'),
      className: 'whitespace-nowrap',
      cell: (c) => <time dateTime={c.createdAt}>{formatDate(c.createdAt, i18n.resolvedLanguage)}</time>,
    },
    {
      id: 'verification',
      header: t('columns.verification'),
      cell: (c) => (
        <VerifiedBadge isVerified={c.isVerified} labels={{ yes: t('status.verified'), no: t('status.pending') }} />
      ),
    },
    {
      id: 'phone',
      header: t('columns.phone'),
      className: 'whitespace-nowrap',
      cell: (c) =>
        c.phone ? (
          <a href={`tel:${c.phone}`} className="hover:text-primary">
            {c.phone}
          </a>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <Table
        caption={caption}
        columns={columns}
        rows={clients}
        rowKey={(c) => c.id}
        testId="client-row"
        tableFrom="lg"
        actionsHeader={t('columns.actions')}
        cardTitle={(c) => <UserInfo client={c} />}
        actions={(c, layout) => (
          <ClientActions client={c} layout={layout} onOpen={(dialog) => setOpen({ client: c, dialog })} />
        )}
      />
      <Suspense fallback={null}>
        {open?.dialog === 'message' && (
          <MessageClientDialog userId={open.client.id} clientName={fullNameOf(open.client)} onClose={close} />
        )}
        {open?.dialog === 'delete' && <CloseClientDialog client={open.client} onClose={close} />}
      </Suspense>
    </>
  );
}

function UserInfo({ client }: { client: TClientListItem }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <ShellAvatar
        image={client.profile}
        initials={oneLetterInitial(client.firstname)}
        size="sm"
        isActive={client.isActive}
      />
      <span className="min-w-0">
        <span className="block truncate font-medium text-fg" data-testid="client-name">
          {fullNameOf(client)}
        </span>
        <span className="block truncate text-xs font-normal text-muted">{client.email}</span>
      </span>
    </span>
  );
}

function ClientActions({
  client,
  layout,
  onOpen,
}: {
  client: TClientListItem;
  layout: 'table' | 'card';
  onOpen: (dialog: 'message' | 'delete') => void;
}) {
  const { t } = useTranslation('clients');
  const compact = layout === 'table';
  const name = fullNameOf(client);
  // In the table the buttons are icons; their names (with the client's) are for screen readers and tooltips.
  const label = (key: string) => (compact ? <span className="sr-only">{t(key)}</span> : t(key));
  const a11y = (key: string) =>
    compact ? { 'aria-label': t('actions.forClient', { action: t(key), name }), title: t(key) } : {};
  const size = compact ? 'icon' : 'sm';
  const iconClass = compact ? 'h-8 w-8' : undefined;
  const canMessage = useCan(sendInAppMessage.permission);
  const canClose = useCan(closeClient.permission);
  return (
    <>
      <ButtonLink
        variant="ghost"
        size={size}
        className={iconClass}
        to={clientDetailsPath(client.id)}
        data-testid="client-view"
        {...a11y('actions.view')}
      >
        <Eye className="h-4 w-4" aria-hidden="true" />
        {label('actions.view')}
      </ButtonLink>
      {canMessage && (
        <Button
          variant="ghost"
          size={size}
          className={iconClass}
          onClick={() => onOpen('message')}
          data-testid="client-message"
          {...a11y('actions.message')}
        >
          <MessageSquare className="h-4 w-4" aria-hidden="true" />
          {label('actions.message')}
        </Button>
      )}
      {canClose && (
        <Button
          variant="dangerGhost"
          size={size}
          className={compact ? 'h-8 w-8' : undefined}
          onClick={() => onOpen('delete')}
          data-testid="client-delete"
          {...a11y('actions.delete')}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {label('actions.delete')}
        </Button>
      )}
    </>
  );
}
