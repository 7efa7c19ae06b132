import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import type { FieldValues, Resolver, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DetailItem } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/field';

/*
 * What a deposit method's chain watch and a withdrawal method's payout watch share on their admin
 * pages (docs/operations.md, "Watched deposit methods"; docs/money.md, "Withdrawals paid on chain"):
 * the node, its confirmations, the asset and the block explorer. Each section keeps its own fields.
 */

/** A watch dialog closes 2 seconds after it saved. */
export const WATCH_CLOSE_AFTER_MS = 2000;

/** The form holds text; empty optional fields are left out before the contract's schema reads them. */
export interface TNodeFormValues {
  chain: 'ethereum';
  rpcUrl: string;
  confirmations: string;
  asset: 'native' | 'erc20';
  tokenAddress: string;
  tokenDecimals: string;
  explorerTxUrl: string;
}
export type TNodeField = keyof TNodeFormValues;

/** What either watch answers about its node, as the form and the facts read it. */
interface TNodeWatch {
  chain: 'ethereum';
  rpcOrigin: string;
  confirmations: number;
  asset: 'native' | 'erc20';
  tokenAddress: string | null;
  tokenDecimals: number | null;
  explorerTxUrl: string | null;
}

/** A native coin's watch sends no token; an empty optional field is not sent at all. */
function toInput(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' && value.trim() === '') continue;
    if (values.asset === 'native' && (key === 'tokenAddress' || key === 'tokenDecimals')) continue;
    out[key] = value;
  }
  return out;
}

/** The preprocessing takes the form's text; the contract's schema checks what is sent. */
export function watchFormResolver<TValues extends FieldValues>(schema: z.ZodType): Resolver<TValues> {
  const form = z.preprocess(
    (values) => (values && typeof values === 'object' ? toInput(values as Record<string, unknown>) : values),
    schema,
  );
  return zodResolver(form as unknown as z.ZodType<FieldValues, FieldValues>) as unknown as Resolver<TValues>;
}

/** The shared fields' starting text: the saved watch's, or a new watch's defaults. */
export function nodeInitialValues(watch: TNodeWatch | null, defaultAsset: 'native' | 'erc20'): TNodeFormValues {
  return {
    chain: watch?.chain ?? 'ethereum',
    // Never answered in full (it may hold the provider's key): entered again on each change.
    rpcUrl: '',
    confirmations: watch ? String(watch.confirmations) : '12',
    asset: watch?.asset ?? defaultAsset,
    tokenAddress: watch?.tokenAddress ?? '',
    tokenDecimals: watch?.tokenDecimals == null ? '' : String(watch.tokenDecimals),
    explorerTxUrl: watch?.explorerTxUrl ?? '',
  };
}

/** A field's registration with its error text, as the section's form gives it. */
export type TNodeFieldProps = (name: TNodeField) => UseFormRegisterReturn & { error: string | undefined };

/**
 * The node, confirmations, asset (with its token when ERC-20) and explorer fields, in that order;
 * `afterConfirmations` and `beforeExplorer` hold the section's own fields.
 */
export function ChainNodeFields({
  field,
  erc20,
  rpcOrigin,
  confirmationsHint,
  afterConfirmations,
  beforeExplorer,
}: {
  field: TNodeFieldProps;
  /** The asset chosen is an ERC-20 token: its address and decimals are asked. */
  erc20: boolean;
  /** The saved watch's node origin; null when the watch is new. */
  rpcOrigin: string | null;
  confirmationsHint: string;
  afterConfirmations?: ReactNode;
  beforeExplorer?: ReactNode;
}) {
  const { t } = useTranslation('methods');
  return (
    <>
      <SelectField label={t('watch.fields.chain')} {...field('chain')}>
        <option value="ethereum">{t('watch.chains.ethereum')}</option>
      </SelectField>
      <TextField
        label={t('watch.fields.rpcUrl')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        data-autofocus
        placeholder={rpcOrigin ?? 'https://'}
        hint={rpcOrigin !== null ? t('watch.hints.rpcUrlAgain', { origin: rpcOrigin }) : t('watch.hints.rpcUrl')}
        {...field('rpcUrl')}
      />
      <TextField
        label={t('watch.fields.confirmations')}
        inputMode="numeric"
        autoComplete="off"
        hint={confirmationsHint}
        {...field('confirmations')}
      />
      {afterConfirmations}
      <SelectField label={t('watch.fields.asset')} {...field('asset')}>
        <option value="native">{t('watch.assets.native')}</option>
        <option value="erc20">{t('watch.assets.erc20')}</option>
      </SelectField>
      {erc20 && (
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <TextField
            label={t('watch.fields.tokenAddress')}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            placeholder="0x…"
            {...field('tokenAddress')}
          />
          <TextField
            label={t('watch.fields.tokenDecimals')}
            inputMode="numeric"
            autoComplete="off"
            {...field('tokenDecimals')}
          />
        </div>
      )}
      {beforeExplorer}
      <TextField
        label={t('watch.fields.explorerTxUrl')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        placeholder="https://etherscan.io/tx/{tx}"
        hint={t('watch.hints.explorerTxUrl')}
        {...field('explorerTxUrl')}
      />
    </>
  );
}

/**
 * The saved watch's chain, asset, node origin and confirmations, then the section's own facts
 * (`children`), then its explorer; the origin's test id is `${testIdPrefix}-origin`.
 */
export function ChainNodeFacts({
  watch,
  testIdPrefix,
  children,
}: {
  watch: TNodeWatch;
  testIdPrefix: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('methods');
  return (
    <>
      <DetailItem label={t('watch.fields.chain')}>{t(`watch.chains.${watch.chain}`)}</DetailItem>
      <DetailItem label={t('watch.fields.asset')}>
        {watch.asset === 'native' ? (
          t('watch.assets.native')
        ) : (
          <span className="break-all">
            {t('watch.assets.erc20')} · <code className="font-mono text-xs">{watch.tokenAddress}</code> ·{' '}
            {t('watch.decimalsValue', { n: watch.tokenDecimals ?? 0 })}
          </span>
        )}
      </DetailItem>
      <DetailItem label={t('watch.fields.rpcOrigin')}>
        <code className="break-all font-mono text-xs" data-testid={`${testIdPrefix}-origin`}>
          {watch.rpcOrigin}
        </code>
      </DetailItem>
      <DetailItem label={t('watch.fields.confirmations')}>
        <span className="tabular-nums">{watch.confirmations}</span>
      </DetailItem>
      {children}
      <DetailItem label={t('watch.fields.explorerTxUrl')} wide>
        {watch.explorerTxUrl ? (
          <code className="break-all font-mono text-xs">{watch.explorerTxUrl}</code>
        ) : (
          <span className="text-muted">{t('watch.noExplorer')}</span>
        )}
      </DetailItem>
    </>
  );
}
