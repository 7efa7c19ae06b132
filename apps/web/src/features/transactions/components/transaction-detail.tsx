import { shortId, statusProgress, statusTone } from '@meridian/contracts/transaction-terms';
import { networkLabel, type TTransaction } from '@meridian/contracts/transactions';
import { CircleAlert, CircleCheck, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackLink } from '@/components/money/back-link';
import { StatusBadge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { DetailPage } from '@/components/ui/detail-page';
import { Money } from '@/components/ui/money';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useTransaction } from '../api/get-transaction';
import { useTransactionText } from '../hooks/use-transaction-text';
import { accountTypeKey, isTradeRecord, methodName, walletAddress } from '../utils/transaction-display';
import { CopyableValue } from './copyable-value';
import { TransactionAmount } from './transaction-amount';
import { TransactionIcon } from './transaction-icon';
import { WithdrawalPayoutRow } from './withdrawal-payout-row';

export interface TransactionDetailProps {
  transactionId: string;
  /**
   * Beside a deposit's transfer reference: what the client can do about it (the deposits feature's
   * Add transaction hash, filled in by the page, since features do not import each other).
   */
  referenceAction?: (tx: TTransaction) => ReactNode;
}

/** /user/transaction/{id}: the Transaction detail page. */
export function TransactionDetail({ transactionId, referenceAction }: TransactionDetailProps) {
  const { t } = useTranslation(['transactions', 'common']);
  const query = useTransaction(transactionId);
  return (
    <DetailPage
      width="sm"
      back={<BackLink to="/user/transactions">{t('transactions:detail.back')}</BackLink>}
      query={query}
      loading={
        <LoadingStatus className="space-y-4" data-testid="loading">
          <Skeleton className="h-44 w-full rounded-2xl" />
          <Skeleton className="h-80 w-full rounded-2xl" />
        </LoadingStatus>
      }
      errorTitle={t('transactions:detail.error')}
      errorDescription={(error) =>
        error instanceof ApiError && error.status === 404 ? t('transactions:detail.notFound') : undefined
      }
    >
      {(tx) => <DetailBody tx={tx} referenceAction={referenceAction} />}
    </DetailPage>
  );
}

const toneStyles = {
  success: { bar: 'bg-success', text: 'text-success', icon: CircleCheck },
  warning: { bar: 'bg-warning', text: 'text-warning', icon: Hourglass },
  danger: { bar: 'bg-danger', text: 'text-danger', icon: CircleAlert },
} as const;

function DetailBody({
  tx,
  referenceAction,
}: {
  tx: TTransaction;
  referenceAction: TransactionDetailProps['referenceAction'];
}) {
  // The positions' words say why a position closed.
  const { t, i18n } = useTranslation(['transactions', 'positions']);
  const text = useTransactionText();
  const locale = i18n.resolvedLanguage;
  const tone = statusTone(tx.status);
  const step = statusProgress(tx.status);
  const style = toneStyles[tone];
  const StatusIcon = style.icon;
  const method = methodName(tx);
  const network = networkLabel(method);
  const address = walletAddress(tx);
  const account = accountTypeKey(tx.type);
  const notApplicable = t('detail.notApplicable');
  const trade = isTradeRecord(tx);

  return (
    <>
      <section
        aria-labelledby="tx-title"
        className="rounded-2xl border border-border bg-surface p-5 sm:p-6"
        data-testid="transaction-summary"
      >
        <div className="flex items-start gap-4">
          <TransactionIcon type={tx.type} className="h-12 w-12" />
          <div className="min-w-0 flex-1">
            <h1 id="tx-title" className="text-xl font-semibold text-fg">
              {text.title(tx)}
            </h1>
            <p className="text-sm text-muted">{formatDateTime(tx.createdAt, locale)}</p>
          </div>
          <StatusBadge status={tx.status} label={text.status(tx.status)} />
        </div>
        <p className="mt-5 text-3xl font-semibold tracking-tight sm:text-4xl" data-testid="transaction-amount">
          <TransactionAmount tx={tx} />
        </p>

        <div className="mt-6">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className={cn('inline-flex items-center gap-1.5 font-medium', style.text)}>
              <StatusIcon className="h-4 w-4" aria-hidden="true" />
              {t(`detail.statusText.${tone}`)}
            </span>
            <span className="tabular-nums text-muted" data-testid="transaction-progress">
              <span className="sr-only">{t('detail.progress')}: </span>
              {t('detail.progressValue', { step })}
            </span>
          </div>
          <div className="mt-2 grid grid-cols-3 gap-1.5" aria-hidden="true">
            {[1, 2, 3].map((segment) => (
              <span key={segment} className={cn('h-2 rounded-full', segment <= step ? style.bar : 'bg-surface-2')} />
            ))}
          </div>
        </div>
      </section>

      <section className="rounded-2xl border border-border bg-surface" aria-label={t('detail.id')}>
        <dl className="divide-y divide-border">
          <Row label={t('detail.id')}>
            <span className="font-mono" title={tx.id} data-testid="transaction-id">
              #{shortId(tx.id)}
            </span>
          </Row>
          <Row label={t('detail.type')}>{t(`tx.type.${tx.type}`)}</Row>
          <Row label={t('detail.status')}>{text.status(tx.status)}</Row>
          {tx.type === 'Adjustment' && (
            <Row label={t('detail.reason')}>
              <span className="whitespace-pre-line">{tx.reason || notApplicable}</span>
            </Row>
          )}
          {(tx.type === 'Investment' || tx.type === 'Payout') && (
            <Row label={t('detail.plan')}>{tx.investmentPlan?.name ?? notApplicable}</Row>
          )}
          {trade && (
            <>
              <Row label={t('detail.pair')}>{tx.asset ?? notApplicable}</Row>
              <Row label={t(tx.type === 'Signal' ? 'detail.entryAmount' : 'detail.margin')}>
                <Money amount={tx.amount} />
              </Row>
              <Row label={t('detail.result')}>
                {tx.pnl === null ? (
                  t('detail.resultPending')
                ) : (
                  <span data-testid="transaction-result">
                    <TransactionAmount tx={tx} />
                  </span>
                )}
              </Row>
              {tx.type === 'Position' && tx.closeReason && (
                <Row label={t('positions:detail.closeReason')}>
                  <span data-testid="transaction-close-reason">
                    {t(`positions:positions.closeReasons.${tx.closeReason}`)}
                  </span>
                </Row>
              )}
              {/* A position's record shares its id: its own page has the prices, the stop-out and Close. */}
              {tx.type === 'Position' && (
                <Row label={t('tx.type.Position')}>
                  <Link
                    to={`/user/positions/${tx.id}`}
                    className="font-medium text-primary hover:underline"
                    data-testid="transaction-position-link"
                  >
                    {t('detail.positionPage')}
                  </Link>
                </Row>
              )}
            </>
          )}
          {/* A position or a signal trade moves money inside the account: no method, network or wallet. */}
          {!trade && (
            <>
              <Row label={t('detail.method')}>{method ?? notApplicable}</Row>
              <Row label={t('detail.network')}>{network === 'N/A' ? notApplicable : network}</Row>
              <Row label={t('detail.accountType')}>{account ? t(`detail.${account}`) : notApplicable}</Row>
              <Row label={t('detail.wallet')}>
                {address ? (
                  <span className="flex items-center gap-2 sm:justify-end">
                    <code
                      className="min-w-0 break-all font-mono text-xs sm:text-right"
                      data-testid="transaction-wallet"
                    >
                      {address}
                    </code>
                    <CopyButton value={address} label={t('detail.copyWallet')} iconOnly />
                  </span>
                ) : (
                  notApplicable
                )}
              </Row>
            </>
          )}
          {tx.type === 'Deposit' && (
            <>
              <Row label={t('detail.reference')}>
                <span className="flex flex-col gap-2 sm:items-end">
                  <CopyableValue
                    value={tx.reference}
                    label={t('detail.copyReference')}
                    testId="transaction-reference"
                    missing={t('detail.referenceMissing')}
                    className="sm:justify-end"
                  />
                  {referenceAction?.(tx)}
                </span>
              </Row>
              <Row label={t('detail.sender')}>
                <CopyableValue
                  value={tx.senderAddress}
                  label={t('detail.copySender')}
                  testId="transaction-sender"
                  missing={t('detail.notGiven')}
                  className="sm:justify-end"
                />
              </Row>
            </>
          )}
          {tx.type === 'Withdrawal' && (
            <Row label={t('detail.payoutReference')}>
              <CopyableValue
                value={tx.reference}
                label={t('detail.copyPayoutReference')}
                testId="transaction-reference"
                missing={t(tx.status === 'Completed' ? 'detail.payoutReferenceMissing' : 'detail.payoutReferenceLater')}
                className="sm:justify-end"
              />
            </Row>
          )}
          {tx.type === 'Withdrawal' && (
            <WithdrawalPayoutRow tx={tx} render={(content) => <Row label={t('chainPayout.title')}>{content}</Row>} />
          )}
          <Row label={t('detail.date')}>{formatDateTime(tx.createdAt, locale)}</Row>
          {tx.updatedAt !== tx.createdAt && (
            <Row label={t('detail.updated')}>{formatDateTime(tx.updatedAt, locale)}</Row>
          )}
        </dl>
      </section>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-5 py-3.5 text-sm sm:grid-cols-[12rem_1fr] sm:gap-4 sm:px-6">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 text-fg sm:text-right">{children}</dd>
    </div>
  );
}
