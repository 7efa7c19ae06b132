import { takeReserveSnapshot } from '@meridian/contracts/endpoints/reserves';
import type {
  TReserveChainAsset,
  TReserveChainStatus,
  TReserveDeclaration,
  TReserveSnapshot,
  TReservesOverview,
} from '@meridian/contracts/reserves';
import { Camera, FileCheck, History, Link2, Plus, Scale } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type TBadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, DetailItem } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/list-page';
import { Money } from '@/components/ui/money';
import { QueryView } from '@/components/ui/query-view';
import { SummaryFiguresLoading } from '@/components/ui/summary-figures';
import { Table, type TableColumn } from '@/components/ui/table';
import { useCan } from '@/hooks/use-can';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useReservesOverview } from '../api/get-reserves-overview';
import { CoverageBadge, RootText, useCoverageText } from './coverage';
import { DeclareReserveDialog } from './declare-reserve-dialog';
import { RemoveDeclarationDialog } from './remove-declaration-dialog';
import { SnapshotFigures } from './snapshot-figures';
import { TakeSnapshotDialog } from './take-snapshot-dialog';

type TDialog =
  | { kind: 'snapshot' }
  | { kind: 'declare'; replaces?: TReserveDeclaration }
  | { kind: 'remove'; declaration: TReserveDeclaration }
  | null;

/**
 * /admin/reserves: proof of reserves (docs/money.md, "Proof of reserves"). The latest snapshot's
 * liabilities against its assets and the coverage ratio, what the assets were (each watched method's
 * addresses read from its node, each declaration with its evidence), the declarations standing now,
 * and every snapshot with its published root. Taking a snapshot and declaring need `money.manage`;
 * reading, `money.read`.
 */
export function AdminReservesPage() {
  const { t } = useTranslation('reserves');
  const query = useReservesOverview();
  // Taking a snapshot and declaring share one permission (money.manage).
  const canManage = useCan(takeReserveSnapshot.permission);
  const [dialog, setDialog] = useState<TDialog>(null);
  const close = () => setDialog(null);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title={t('admin.title')}
        subtitle={t('admin.subtitle')}
        actions={
          canManage ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setDialog({ kind: 'declare' })} data-testid="declare-reserve">
                <Plus className="h-4 w-4" aria-hidden="true" />
                {t('admin.declare')}
              </Button>
              <Button onClick={() => setDialog({ kind: 'snapshot' })} data-testid="take-snapshot">
                <Camera className="h-4 w-4" aria-hidden="true" />
                {t('admin.takeSnapshot')}
              </Button>
            </div>
          ) : undefined
        }
      />
      <QueryView
        query={query}
        loading={<SummaryFiguresLoading figures={4} columns={4} />}
        errorTitle={t('admin.loadError')}
      >
        {(data) => (
          <Overview
            data={data}
            onReplace={canManage ? (declaration) => setDialog({ kind: 'declare', replaces: declaration }) : undefined}
            onRemove={canManage ? (declaration) => setDialog({ kind: 'remove', declaration }) : undefined}
          />
        )}
      </QueryView>
      {dialog?.kind === 'snapshot' && <TakeSnapshotDialog onClose={close} />}
      {dialog?.kind === 'declare' && <DeclareReserveDialog replaces={dialog.replaces} onClose={close} />}
      {dialog?.kind === 'remove' && <RemoveDeclarationDialog declaration={dialog.declaration} onClose={close} />}
    </div>
  );
}

function Overview({
  data,
  onReplace,
  onRemove,
}: {
  data: TReservesOverview;
  onReplace: ((declaration: TReserveDeclaration) => void) | undefined;
  onRemove: ((declaration: TReserveDeclaration) => void) | undefined;
}) {
  const { t } = useTranslation('reserves');
  const latest = data.snapshots[0];
  return (
    <div className="space-y-6">
      {latest ? (
        <>
          <SnapshotFigures snapshot={latest} />
          <LatestSnapshot snapshot={latest} publicPage={data.publicPage} />
        </>
      ) : (
        <EmptyState icon={Scale} title={t('admin.noSnapshot')} description={t('admin.noSnapshotBody')} />
      )}
      <Declarations declarations={data.declarations} onReplace={onReplace} onRemove={onRemove} />
      {data.snapshots.length > 0 && <SnapshotHistory snapshots={data.snapshots} />}
    </div>
  );
}

const STATUS_TONES: Record<TReserveChainStatus, TBadgeTone> = {
  read: 'success',
  unavailable: 'danger',
  unpriced: 'warning',
};

/** An amount in the asset's smallest unit as decimal units (wei → ETH), by string arithmetic: never a float. */
export function unitsText(base: string, decimals: number): string {
  const digits = base.padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

function LatestSnapshot({ snapshot, publicPage }: { snapshot: TReserveSnapshot; publicPage: boolean }) {
  const { t } = useTranslation('reserves');
  const format = useLocaleFormat();
  const by = snapshot.liabilitiesByAccount;
  const chainColumns: TableColumn<TReserveChainAsset>[] = [
    { id: 'method', header: t('chain.method'), cell: (a) => <span className="font-medium">{a.methodName}</span> },
    {
      id: 'held',
      header: t('chain.held'),
      className: 'whitespace-nowrap tabular-nums',
      cell: (a) => `${unitsText(a.amountBase, a.decimals)} ${a.asset === 'native' ? 'ETH' : t('chain.tokens')}`,
    },
    { id: 'addresses', header: t('chain.addresses'), className: 'tabular-nums', cell: (a) => a.addresses },
    { id: 'block', header: t('chain.block'), className: 'tabular-nums', cell: (a) => a.block ?? '—' },
    {
      id: 'rate',
      header: t('chain.rate'),
      className: 'whitespace-nowrap',
      cell: (a) => (a.rate === null ? '—' : <Money amount={a.rate} />),
    },
    { id: 'amount', header: t('chain.amount'), className: 'text-right', cell: (a) => <Money amount={a.amount} /> },
    {
      id: 'status',
      header: t('chain.status'),
      cell: (a) => <Badge tone={STATUS_TONES[a.status]}>{t(`chain.statuses.${a.status}`)}</Badge>,
    },
  ];
  return (
    <Card title={t('admin.latestTitle', { date: format.dateTime(snapshot.createdAt) })} icon={FileCheck}>
      <div className="space-y-6">
        <div>
          <h3 className="mb-2 text-sm font-medium text-fg">{t('admin.root')}</h3>
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <RootText root={snapshot.root} testId="latest-root" />
            </div>
            <CopyButton value={snapshot.root} label={t('copyRoot')} iconOnly variant="outline" size="sm" />
          </div>
          <p className="mt-2 text-sm text-muted">
            {t('admin.takenBy', { name: snapshot.createdBy.name, date: format.dateTime(snapshot.createdAt) })}{' '}
            {publicPage ? t('admin.publicOn') : t('admin.publicOff')}
          </p>
        </div>
        <div>
          <h3 className="mb-2 text-sm font-medium text-fg">{t('admin.liabilitiesTitle')}</h3>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
            <DetailItem label={t('accounts.balance')}>
              <Money amount={by.balance} />
            </DetailItem>
            <DetailItem label={t('accounts.trading')}>
              <Money amount={by.trading} />
            </DetailItem>
            <DetailItem label={t('accounts.profit')}>
              <Money amount={by.profit} />
            </DetailItem>
            <DetailItem label={t('accounts.bonus')}>
              <Money amount={by.bonus} />
            </DetailItem>
            <DetailItem label={t('accounts.withdrawalHold')}>
              <Money amount={by.withdrawalHold} />
            </DetailItem>
          </dl>
        </div>
        <div>
          <h3 className="mb-2 text-sm font-medium text-fg">
            {t('admin.onChainTitle')} · <Money amount={snapshot.onChain} />
          </h3>
          {snapshot.chainAssets.length === 0 ? (
            <p className="text-sm text-muted">{t('admin.noWatches')}</p>
          ) : (
            <Table
              caption={t('admin.onChainTitle')}
              columns={chainColumns}
              rows={snapshot.chainAssets}
              rowKey={(a) => a.depositMethodId}
              testId="chain-asset"
              tableFrom="lg"
            />
          )}
        </div>
        <div>
          <h3 className="mb-2 text-sm font-medium text-fg">
            {t('admin.declaredTitle')} · <Money amount={snapshot.declared} />
          </h3>
          {snapshot.declarations.length === 0 ? (
            <p className="text-sm text-muted">{t('admin.noneDeclaredThen')}</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {snapshot.declarations.map((d) => (
                <li key={d.id} className="flex flex-wrap items-baseline gap-x-3">
                  <span className="font-medium">{d.label}</span>
                  <Money amount={d.amount} />
                  <Evidence text={d.evidence} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Card>
  );
}

/** Evidence as given; a web address opens in a new tab (never as this app's page). */
function Evidence({ text }: { text: string }) {
  const { t } = useTranslation('reserves');
  if (/^https?:\/\/\S+$/i.test(text)) {
    return (
      <a
        href={text}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 break-all text-primary underline-offset-2 hover:underline"
      >
        <Link2 className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        {text}
        <span className="sr-only">{t('evidenceOpens')}</span>
      </a>
    );
  }
  return <span className="whitespace-pre-line break-words text-muted">{text}</span>;
}

function Declarations({
  declarations,
  onReplace,
  onRemove,
}: {
  declarations: readonly TReserveDeclaration[];
  onReplace: ((declaration: TReserveDeclaration) => void) | undefined;
  onRemove: ((declaration: TReserveDeclaration) => void) | undefined;
}) {
  const { t } = useTranslation('reserves');
  const format = useLocaleFormat();
  const columns: TableColumn<TReserveDeclaration>[] = [
    { id: 'label', header: t('declarations.label'), cell: (d) => <span className="font-medium">{d.label}</span> },
    {
      id: 'amount',
      header: t('declarations.amount'),
      className: 'whitespace-nowrap text-right',
      cell: (d) => <Money amount={d.amount} />,
    },
    { id: 'evidence', header: t('declarations.evidence'), cell: (d) => <Evidence text={d.evidence} /> },
    {
      id: 'declared',
      header: t('declarations.declared'),
      cell: (d) => (
        <span className="text-sm">
          {d.declaredBy.name}
          <span className="block text-xs text-muted">{format.dateTime(d.declaredAt)}</span>
        </span>
      ),
    },
  ];
  return (
    <Card title={t('declarations.title')} icon={FileCheck}>
      {declarations.length === 0 ? (
        <p className="text-sm text-muted">{t('declarations.empty')}</p>
      ) : (
        <Table
          caption={t('declarations.title')}
          columns={columns}
          rows={declarations}
          rowKey={(d) => d.id}
          testId="declaration"
          tableFrom="lg"
          actionsHeader={onReplace || onRemove ? t('declarations.actions') : undefined}
          actions={
            onReplace && onRemove
              ? (d) => (
                  <div className="flex justify-end gap-2">
                    <Button size="sm" variant="outline" onClick={() => onReplace(d)}>
                      {t('declarations.replace')}
                    </Button>
                    <Button size="sm" variant="dangerOutline" onClick={() => onRemove(d)}>
                      {t('declarations.remove')}
                    </Button>
                  </div>
                )
              : undefined
          }
        />
      )}
    </Card>
  );
}

function SnapshotHistory({ snapshots }: { snapshots: readonly TReserveSnapshot[] }) {
  const { t } = useTranslation('reserves');
  const format = useLocaleFormat();
  const coverage = useCoverageText();
  const columns: TableColumn<TReserveSnapshot>[] = [
    {
      id: 'date',
      header: t('history.date'),
      className: 'whitespace-nowrap',
      cell: (s) => format.dateTime(s.createdAt),
    },
    {
      id: 'root',
      header: t('history.root'),
      cell: (s) => (
        <span className="inline-flex items-center gap-1">
          <code className="font-mono text-xs" title={s.root}>
            {s.root.slice(0, 10)}…{s.root.slice(-8)}
          </code>
          <CopyButton value={s.root} label={t('copyRoot')} iconOnly variant="ghost" size="sm" />
        </span>
      ),
    },
    { id: 'clients', header: t('history.clients'), className: 'tabular-nums', cell: (s) => s.leafCount },
    {
      id: 'liabilities',
      header: t('history.liabilities'),
      className: 'text-right',
      cell: (s) => <Money amount={s.liabilities} />,
    },
    { id: 'assets', header: t('history.assets'), className: 'text-right', cell: (s) => <Money amount={s.assets} /> },
    {
      id: 'coverage',
      header: t('history.coverage'),
      cell: (s) => (s.coverageBps === null ? coverage(null) : <CoverageBadge bps={s.coverageBps} />),
    },
    { id: 'by', header: t('history.by'), cell: (s) => s.createdBy.name },
  ];
  return (
    <Card title={t('history.title')} icon={History}>
      <Table
        caption={t('history.title')}
        columns={columns}
        rows={snapshots}
        rowKey={(s) => s.id}
        testId="snapshot"
        tableFrom="xl"
      />
    </Card>
  );
}
