import type { TReserveProof, TReserveSnapshotSummary } from '@meridian/contracts/reserves';
import { leafText } from '@meridian/contracts/reserves-merkle';
import { CircleCheck, CircleX, Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card, DetailItem } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/list-page';
import { QueryView } from '@/components/ui/query-view';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { ApiError } from '@/lib/api-client';
import { useReserveProof } from '../api/get-reserve-proof';
import { useReserveSnapshots } from '../api/get-reserve-snapshots';
import { useInclusionCheck } from '../hooks/use-inclusion-check';
import { RootText } from './coverage';
import { SnapshotFigures } from './snapshot-figures';

/**
 * /user/reserves: proof of reserves for the client (docs/money.md, "Proof of reserves"). The published
 * snapshots' roots and totals, and the client's own inclusion check for the one chosen (the latest by
 * default): their leaf and Merkle path are fetched, and the check runs here, in the browser, against
 * the root published for that snapshot.
 */
export function ClientReservesPage() {
  const { t } = useTranslation('reserves');
  const [params, setParams] = useSearchParams();
  const snapshots = useReserveSnapshots();
  const chosenId = params.get('snapshot') ?? undefined;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title={t('client.title')} subtitle={t('client.subtitle')} />
      <QueryView
        query={snapshots}
        errorTitle={t('client.loadError')}
        isEmpty={(data) => data.snapshots.length === 0}
        empty={<EmptyState icon={Scale} title={t('client.none')} description={t('client.noneBody')} />}
      >
        {(data) => {
          const chosen =
            data.snapshots.find((s) => s.id === chosenId) ?? (data.snapshots[0] as TReserveSnapshotSummary);
          return (
            <SnapshotCheck
              snapshots={data.snapshots}
              chosen={chosen}
              onChoose={(id) => setParams(id === data.snapshots[0]?.id ? {} : { snapshot: id }, { replace: true })}
            />
          );
        }}
      </QueryView>
    </div>
  );
}

function SnapshotCheck({
  snapshots,
  chosen,
  onChoose,
}: {
  snapshots: readonly TReserveSnapshotSummary[];
  chosen: TReserveSnapshotSummary;
  onChoose: (id: string) => void;
}) {
  const { t } = useTranslation('reserves');
  const format = useLocaleFormat();
  return (
    <div className="space-y-6">
      {snapshots.length > 1 && (
        <SelectField
          label={t('client.snapshot')}
          value={chosen.id}
          onChange={(event) => onChoose(event.target.value)}
          className="max-w-sm"
          data-testid="snapshot-select"
        >
          {snapshots.map((s, i) => (
            <option key={s.id} value={s.id}>
              {i === 0
                ? t('client.latestOption', { date: format.dateTime(s.createdAt) })
                : format.dateTime(s.createdAt)}
            </option>
          ))}
        </SelectField>
      )}
      <SnapshotFigures snapshot={chosen} />
      <Card title={t('client.rootTitle')}>
        <p className="mb-3 text-sm text-muted">{t('client.rootBody', { date: format.dateTime(chosen.createdAt) })}</p>
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <RootText root={chosen.root} testId="published-root" />
          </div>
          <CopyButton value={chosen.root} label={t('copyRoot')} iconOnly variant="outline" size="sm" />
        </div>
      </Card>
      <InclusionCard snapshot={chosen} />
    </div>
  );
}

function InclusionCard({ snapshot }: { snapshot: TReserveSnapshotSummary }) {
  const { t } = useTranslation('reserves');
  const errorText = useApiErrorText();
  const proof = useReserveProof(snapshot.id, true);
  const notIn = proof.error instanceof ApiError && proof.error.status === 404;
  return (
    <Card title={t('client.checkTitle')}>
      {proof.isPending ? (
        <LoadingStatus className="space-y-3">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-24 w-full" />
        </LoadingStatus>
      ) : proof.isError ? (
        <Alert tone={notIn ? 'info' : 'danger'}>{errorText(proof.error, t('client.proofError'))}</Alert>
      ) : (
        <ProofResult proof={proof.data} snapshot={snapshot} />
      )}
    </Card>
  );
}

function ProofResult({ proof, snapshot }: { proof: TReserveProof; snapshot: TReserveSnapshotSummary }) {
  const { t } = useTranslation('reserves');
  const format = useLocaleFormat();
  // Checked against the root published for the snapshot, not the copy inside the proof's answer.
  const state = useInclusionCheck(proof, snapshot.root);
  const words = { amount: format.money(proof.leaf.balance), date: format.dateTime(snapshot.createdAt) };
  const text = leafText(proof.leaf);
  const evidence = JSON.stringify(
    {
      root: snapshot.root,
      leaf: { salt: proof.leaf.salt, clientId: proof.leaf.clientId, cents: proof.leaf.cents },
      proof: proof.proof,
    },
    null,
    2,
  );
  return (
    <div className="space-y-4">
      {state === 'checking' && (
        <LoadingStatus>
          <p className="text-sm text-muted">{t('client.checking')}</p>
        </LoadingStatus>
      )}
      {state === 'included' && (
        <Alert tone="success">
          <span className="flex items-start gap-2" data-testid="inclusion-verified">
            <CircleCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>{t('client.included', words)}</span>
          </span>
        </Alert>
      )}
      {state === 'failed' && (
        <Alert tone="danger">
          <span className="flex items-start gap-2" data-testid="inclusion-failed">
            <CircleX className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>{t('client.failed', words)}</span>
          </span>
        </Alert>
      )}
      <p className="text-sm text-muted">{t('client.howItWorks')}</p>
      <details className="rounded-lg border border-border p-4">
        <summary className="cursor-pointer text-sm font-medium text-fg">{t('client.yourself')}</summary>
        <div className="mt-4 space-y-4">
          <p className="text-sm text-muted">{t('client.yourselfBody')}</p>
          <dl className="grid gap-4 sm:grid-cols-2">
            <DetailItem label={t('client.balanceCents')}>
              <span className="font-mono tabular-nums">{proof.leaf.cents}</span>
            </DetailItem>
            <DetailItem label={t('client.steps')}>
              <span className="tabular-nums">{proof.proof.length}</span>
            </DetailItem>
            <DetailItem label={t('client.leafText')} wide>
              <code className="block break-all font-mono text-xs">{text}</code>
            </DetailItem>
            <DetailItem label={t('client.leafHash')} wide>
              <code className="block break-all font-mono text-xs">{proof.leaf.hash}</code>
            </DetailItem>
          </dl>
          <ol className="space-y-1 text-xs">
            {proof.proof.map((step, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a proof's steps are in order and never move
              <li key={i} className="break-all font-mono">
                {i + 1}. {t(step.side === 'left' ? 'client.stepLeft' : 'client.stepRight')}: {step.hash}
              </li>
            ))}
          </ol>
          <CopyButton value={evidence} label={t('client.copyProof')} variant="outline" size="sm" />
        </div>
      </details>
    </div>
  );
}
