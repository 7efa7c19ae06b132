import { explorerTxLink, type TChainDepositAddress, type TChainTransfer } from '@meridian/contracts/chain-deposits';
import { processingTimeKey, type TDepositMethod } from '@meridian/contracts/methods';
import { ExternalLink, Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/money/back-link';
import { MethodHeader } from '@/components/money/method-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { DetailPage } from '@/components/ui/detail-page';
import { Money } from '@/components/ui/money';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/format';
import { useChainDepositAddress } from '../api/get-chain-deposit-address';
import { useDepositMethod } from '../api/get-deposit-method';
import { useDepositMethodQr } from '../api/get-deposit-method-qr';
import { DepositDialog } from './deposit-dialog';

/** /user/depositmethod/{id}: the wallet address with copy and its QR code, min and max, important info, Proceed. */
export function DepositMethodDetail({ methodId, userId }: { methodId: string; userId: string }) {
  const { t } = useTranslation(['deposits', 'common']);
  const query = useDepositMethod(methodId);
  return (
    <DetailPage
      width="sm"
      back={<BackLink to="/user/depositmethod">{t('deposits:deposit.back')}</BackLink>}
      query={query}
      loading={
        <LoadingStatus className="space-y-4" data-testid="loading">
          <Skeleton className="h-16 w-2/3" />
          <Skeleton className="h-28 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </LoadingStatus>
      }
      errorTitle={t('deposits:deposit.detailError')}
      errorDescription={() => null}
    >
      {(data) => <MethodBody method={data} userId={userId} />}
    </DetailPage>
  );
}

function MethodBody({ method, userId }: { method: TDepositMethod; userId: string }) {
  const { t } = useTranslation('deposits');
  const [open, setOpen] = useState(false);
  return (
    <>
      <MethodHeader name={method.name} kind="deposit" />

      <AddressSection method={method} />

      <ImportantInfo method={method} />

      <Button size="lg" className="w-full sm:w-auto" onClick={() => setOpen(true)} data-testid="deposit-proceed">
        {t('deposit.proceed')}
      </Button>
      {open && <DepositDialog method={method} userId={userId} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * A watched method (docs/money.md, "Deposits seen on chain") shows the client's own address and their
 * transfers confirming to it; any other method, its one address. Nothing is shown while that is not
 * known yet, so a client never copies the method's address for a watched method.
 */
function AddressSection({ method }: { method: TDepositMethod }) {
  const chain = useChainDepositAddress(method.id);
  if (chain.isPending) return <Skeleton className="h-64 w-full rounded-2xl" />;
  if (chain.data) return <OwnAddress method={method} own={chain.data} />;
  return <MethodAddress method={method} />;
}

function OwnAddress({ method, own }: { method: TDepositMethod; own: TChainDepositAddress }) {
  const { t } = useTranslation('deposits');
  return (
    <section aria-labelledby="wallet-address" className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
      <h2 id="wallet-address" className="text-sm font-medium text-muted">
        {t('deposit.ownAddress')}
      </h2>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center">
        <code
          className="min-w-0 flex-1 break-all rounded-lg bg-surface-2 px-3 py-2.5 font-mono text-sm text-fg"
          data-testid="wallet-address"
        >
          {own.address}
        </code>
        <CopyButton copies="address" value={own.address} label={t('deposit.copyAddress')} size="md" />
      </div>
      <figure className="mt-4 flex flex-col items-center gap-2 sm:flex-row sm:gap-4" data-testid="address-qr">
        <img
          src={own.qrCode}
          alt={t('deposit.qrAlt', { method: method.name })}
          width={160}
          height={160}
          className="h-40 w-40 shrink-0 rounded-lg bg-white p-1"
        />
        <figcaption className="text-center text-sm text-muted sm:text-left">
          {t('deposit.ownAddressNote', { method: method.name, count: own.requiredConfirmations })}
        </figcaption>
      </figure>
      {own.transfers.length > 0 && (
        <div className="mt-5 border-t border-border pt-5">
          <h3 className="text-sm font-medium text-muted">{t('deposit.transfersTitle')}</h3>
          <ul className="mt-2 space-y-2" data-testid="chain-transfers">
            {own.transfers.map((transfer) => (
              <li key={`${transfer.txHash}-${transfer.createdAt}`} className="flex items-center justify-between gap-3">
                <TransferHash txHash={transfer.txHash} explorerTxUrl={own.explorerTxUrl} />
                <TransferStatus transfer={transfer} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** 0x1234ab…89abcdef, as the back office shortens a hash: both ends stay visible, so a client can match it with their wallet's list. */
function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash;
}

/**
 * A transfer's hash: a link to its page on the method's block explorer (a new tab) when the watch
 * names one, otherwise shortened with a button copying it whole. The full hash is the accessible name.
 */
function TransferHash({ txHash, explorerTxUrl }: { txHash: string; explorerTxUrl: string | null }) {
  const { t } = useTranslation('deposits');
  const href = explorerTxLink(explorerTxUrl, txHash);
  if (href)
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-w-0 items-center gap-1 font-mono text-xs text-primary hover:underline"
        aria-label={t('deposit.viewOnExplorer', { hash: txHash })}
        title={txHash}
        data-testid="transfer-hash"
      >
        <span className="truncate">{shortHash(txHash)}</span>
        <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      </a>
    );
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      <code className="truncate font-mono text-xs text-fg" title={txHash} data-testid="transfer-hash">
        {shortHash(txHash)}
      </code>
      <CopyButton value={txHash} label={t('deposit.copyHash', { hash: txHash })} iconOnly variant="ghost" />
    </span>
  );
}

function TransferStatus({ transfer }: { transfer: TChainTransfer }) {
  const { t } = useTranslation('deposits');
  switch (transfer.status) {
    case 'confirming':
      return (
        <Badge tone="warning">
          {t('deposit.confirming', { n: transfer.confirmations, total: transfer.requiredConfirmations })}
        </Badge>
      );
    case 'credited':
      return <Badge tone="success">{t('deposit.credited')}</Badge>;
    case 'dropped':
      return <Badge tone="danger">{t('deposit.dropped')}</Badge>;
    default:
      return <Badge tone="neutral">{t('deposit.dust')}</Badge>;
  }
}

function MethodAddress({ method }: { method: TDepositMethod }) {
  const { t } = useTranslation('deposits');
  return (
    <section aria-labelledby="wallet-address" className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
      <h2 id="wallet-address" className="text-sm font-medium text-muted">
        {t('deposit.walletAddress')}
      </h2>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center">
        <code
          className="min-w-0 flex-1 break-all rounded-lg bg-surface-2 px-3 py-2.5 font-mono text-sm text-fg"
          data-testid="wallet-address"
        >
          {method.value}
        </code>
        <CopyButton copies="address" value={method.value} label={t('deposit.copyAddress')} size="md" />
      </div>
      <AddressQrCode method={method} />
      <dl className="mt-5 grid grid-cols-2 gap-4 border-t border-border pt-5">
        <div>
          <dt className="text-sm text-muted">{t('deposit.minimum')}</dt>
          <dd className="mt-1 text-lg font-semibold text-fg">
            <Money amount={method.minAmount} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('deposit.maximum')}</dt>
          <dd className="mt-1 text-lg font-semibold text-fg">
            <Money amount={method.maxAmount} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * The address as a QR code, for a wallet on a phone to scan instead of typing it: dark modules on
 * white in both themes (scanners need the contrast), named for screen readers.
 */
function AddressQrCode({ method }: { method: TDepositMethod }) {
  const { t } = useTranslation('deposits');
  const qr = useDepositMethodQr(method.id);
  // Drawn from the address the page shows; one from before an edit would send money elsewhere.
  const current = qr.data?.value === method.value ? qr.data : undefined;
  return (
    <figure className="mt-4 flex flex-col items-center gap-2 sm:flex-row sm:gap-4" data-testid="address-qr">
      {current ? (
        <img
          src={current.qrCode}
          alt={t('deposit.qrAlt', { method: method.name })}
          width={160}
          height={160}
          className="h-40 w-40 shrink-0 rounded-lg bg-white p-1"
        />
      ) : qr.isError ? null : (
        <Skeleton className="h-40 w-40 shrink-0 rounded-lg" />
      )}
      <figcaption className="text-center text-sm text-muted sm:text-left">
        {qr.isError ? t('deposit.qrError') : t('deposit.qrCaption', { method: method.name })}
      </figcaption>
    </figure>
  );
}

function ImportantInfo({ method }: { method: TDepositMethod }) {
  const { t, i18n } = useTranslation('deposits');
  const min = formatMoney(method.minAmount, i18n.resolvedLanguage);
  const items = [
    t('deposit.info1', { method: method.name }),
    t('deposit.info2', { min }),
    t('deposit.info3', { time: t(`methods:methods.${processingTimeKey(method.name)}`) }),
  ];
  return (
    <section
      aria-labelledby="important-info"
      className="rounded-2xl border border-warning/40 bg-warning-soft/50 p-5 sm:p-6"
    >
      <h2 id="important-info" className="flex items-center gap-2 font-semibold text-fg">
        <Info className="h-5 w-5 text-warning" aria-hidden="true" />
        {t('deposit.importantInfo')}
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-fg">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
        {method.description && <li className="whitespace-pre-line">{method.description}</li>}
      </ul>
    </section>
  );
}
