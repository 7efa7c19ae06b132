import type { TQuote } from '@meridian/contracts/market';
import type { TOrder, TPlaceOrderInput } from '@meridian/contracts/orders';
import { MARKET_PAIRS, type TPair } from '@meridian/contracts/pairs';
import { LEVERAGES, POSITION_DURATIONS, spreadOf, type TPositionType } from '@meridian/contracts/position-terms';
import { NO_EXPIRY, type TPosition } from '@meridian/contracts/positions';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { type SubmitHandler, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBalance } from '@/api/balance';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { formatLeverage, formatPrice, priceStep } from '@/lib/format';
import { GOOD_UNTIL_CHOICES, goodUntilAt } from '@/lib/good-until';
import { toast } from '@/lib/toast';
import { useTradingTerms } from '../api/get-trading-terms';
import { useOpenPosition } from '../api/open-position';
import { usePlaceOrder } from '../api/place-order';
import { usePositionErrorText } from '../hooks/use-position-error-text';
import { formatDuration } from '../utils/durations';
import { ORDER_TYPES, type TTradeForm, type TTradeValues, tradeFormResolver } from '../utils/order-schema';
import { PositionReview } from './position-review';
import { ProtectionFields } from './protection-fields';

type TValues = TTradeValues;
type TOrderValues = Extract<TValues, { orderType: 'limit' | 'stop' }>;
/** The fields a refused call may name. */
const FIELDS = ['asset', 'amount', 'leverage', 'expiration', 'takeProfit', 'stopLoss', 'price', 'goodUntil'] as const;

export interface OpenPositionFormProps {
  userId: string;
  /** The live quotes of the pairs (the page reads the price stream and hands them in). */
  quotes: readonly TQuote[];
  /** After a position opened, e.g. to close the Open Trade dialog. */
  onOpened?: (position: TPosition) => void;
  /** After a limit or stop order was placed, e.g. to close the Open Trade dialog. */
  onPlaced?: (order: TOrder) => void;
  /** Inside a dialog: the first field takes the focus. */
  autoFocus?: boolean;
  /** Names the form for screen readers when it has no heading of its own. */
  'aria-labelledby'?: string;
}

/**
 * Open New Position (dashboard) and Open Trade (Positions page): pair with its live price, bid, ask
 * and spread, the order type, amount (the margin; with the operator's commission on it, at most the
 * balance), leverage, expiration (or none), an optional take-profit and stop-loss, then Buy or Sell,
 * which checks the form (the levels against the live side a close of that side takes: a buy's bid, a
 * sell's ask) and shows its review (the price it opens at, the spread, the commission and what leaves
 * the balance, exposure, stop-out, the levels and what each would make, expiry, the most one can
 * lose); Confirm sends it with its type, Back returns to the form as it was. A Market order opens at
 * the server's current ask (a buy) or bid (a sell), which checks the levels again. A Limit or Stop
 * order also takes its price (below or above the side it fills on, as its kind and side wait for the
 * price to fall or rise to it) and until when it waits; its take-profit and stop-loss are checked
 * against its price, and Confirm places it (its margin and commission are held from then).
 */
export function OpenPositionForm({
  userId,
  quotes,
  onOpened,
  onPlaced,
  autoFocus = false,
  'aria-labelledby': labelledBy,
}: OpenPositionFormProps) {
  const { t, i18n } = useTranslation(['positions', 'orders', 'common']);
  const locale = i18n.resolvedLanguage;
  const text = useMessageText();
  const failureText = usePositionErrorText();
  const open = useOpenPosition(userId);
  const place = usePlaceOrder(userId);
  /** The order last sent and its review: a retry of the same review sends the same body (and so the same Idempotency-Key). */
  const sent = useRef<{ review: TOrderValues; body: TPlaceOrderInput } | null>(null);
  const balance = useBalance(userId);
  const available = balance.data?.balance;
  // Asked for as the form shows, so the review has the commission when Buy or Sell is pressed.
  const terms = useTradingTerms();
  const [failure, setFailure] = useState<string | null>(null);
  const [side, setSide] = useState<TPositionType | null>(null);
  /** The checked choice under review; null while the form is being filled. */
  const [review, setReview] = useState<TValues | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    resetField,
    control,
    formState: { errors },
  } = useForm<TTradeForm, unknown, TValues>({
    resolver: tradeFormResolver(available, quotes, terms.data?.commissionBps),
    mode: 'onChange',
    defaultValues: {
      asset: '' as TPair,
      orderType: 'market',
      price: '',
      goodUntil: 'gtc',
      amount: '',
      leverage: '',
      expiration: '',
      takeProfit: '',
      stopLoss: '',
      userId,
    },
  });
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);
  const [pair, orderType, typedPrice] = useWatch({ control, name: ['asset', 'orderType', 'price'] });
  const quote = quotes.find((q) => q.pair === pair);
  const busy = open.isPending || place.isPending;
  const kind = orderType === 'market' ? null : orderType;

  const onSubmit: SubmitHandler<TValues> = (values) => {
    setFailure(null);
    setReview(values);
  };

  /** Back to the form, as it was, on the button that asked for the review. */
  const backToForm = (type: TPositionType) => {
    setReview(null);
    setFailure(null);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLButtonElement>(`[data-side="${type}"]`)?.focus());
  };

  /** A refused Confirm: its words in a toast, and on the refused field in the form, or else on the review. */
  const refused = (err: unknown) => {
    const message = failureText(err);
    toast.error(message);
    // A refused field is shown on the field itself, in the form, which takes the focus (it was hidden
    // behind the review when the error was set); anything else stays on the review.
    if (placeFieldErrors(err)) {
      setReview(null);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    } else setFailure(message);
  };

  const confirm = async (values: TValues) => {
    if (busy) return;
    setFailure(null);
    if (values.orderType !== 'market') return confirmOrder(values);
    try {
      const answer = await open.mutateAsync({
        asset: values.asset,
        amount: String(values.amount).trim(),
        leverage: values.leverage,
        expiration: values.expiration,
        type: values.type,
        // Empty is none: left out.
        ...(values.takeProfit != null ? { takeProfit: values.takeProfit } : {}),
        ...(values.stopLoss != null ? { stopLoss: values.stopLoss } : {}),
        userId: values.userId,
      });
      toast.success(t('positions:positionOpened'));
      resetField('amount');
      setReview(null);
      onOpened?.(answer.position);
    } catch (err) {
      refused(err);
    }
  };

  /** Places the order under review; its good-until time counts from the first Confirm of this review. */
  const confirmOrder = async (values: TOrderValues) => {
    const body =
      sent.current?.review === values
        ? sent.current.body
        : {
            asset: values.asset,
            amount: String(values.amount).trim(),
            leverage: values.leverage,
            expiration: values.expiration,
            type: values.type,
            ...(values.takeProfit != null ? { takeProfit: values.takeProfit } : {}),
            ...(values.stopLoss != null ? { stopLoss: values.stopLoss } : {}),
            kind: values.kind,
            price: values.price,
            goodUntil: goodUntilAt(values.goodUntil, Date.now()),
          };
    sent.current = { review: values, body };
    try {
      const answer = await place.mutateAsync(body);
      sent.current = null;
      toast.success(t('orders:placed'));
      resetField('amount');
      resetField('price');
      setReview(null);
      onPlaced?.(answer.order);
    } catch (err) {
      refused(err);
    }
  };

  /** Buy and Sell each send the form with their type. */
  const submitAs = (type: TPositionType) => {
    setSide(type);
    setValue('type', type);
    void handleSubmit(onSubmit)();
  };

  return (
    <form
      ref={formRef}
      onSubmit={(event) => event.preventDefault()}
      noValidate
      aria-labelledby={labelledBy}
      className="@container space-y-4"
      data-testid="open-position-form"
    >
      {review && (
        <PositionReview
          choice={review}
          order={
            review.orderType === 'market'
              ? undefined
              : { kind: review.kind, price: review.price, goodUntil: review.goodUntil }
          }
          quote={quotes.find((q) => q.pair === review.asset)}
          onBack={() => backToForm(review.type)}
          onConfirm={() => void confirm(review)}
          busy={busy}
          failure={failure}
        />
      )}
      {/* Kept while the review shows, with what the client entered, for Back. */}
      <div hidden={review !== null} className="space-y-4">
        <fieldset disabled={busy} className="space-y-4">
          <SelectField
            label={t('positions:form.pair')}
            error={text(errors.asset?.message)}
            hint={pair ? <PriceHint pair={pair} quote={quote} /> : undefined}
            data-autofocus={autoFocus || undefined}
            data-testid="position-pair"
            // The levels are checked against the pair's price and decimals (an order's price once typed), and
            // the margin with the pair's commission against the balance.
            {...register('asset', {
              deps: typedPrice ? ['takeProfit', 'stopLoss', 'price', 'amount'] : ['takeProfit', 'stopLoss', 'amount'],
            })}
          >
            <option value="" disabled>
              {t('positions:form.pairPlaceholder')}
            </option>
            {MARKET_PAIRS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </SelectField>

          <SelectField
            label={t('orders:form.orderType')}
            hint={t(`orders:form.orderTypeHint.${orderType}`)}
            data-testid="position-order-type"
            // The take-profit and stop-loss of an order are checked against its price instead.
            {...register('orderType', { deps: ['takeProfit', 'stopLoss'] })}
          >
            {ORDER_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`orders:form.orderTypes.${value}`)}
              </option>
            ))}
          </SelectField>

          {kind && (
            <div className="grid gap-4 @sm:grid-cols-2">
              <TextField
                label={t('orders:form.price')}
                type="number"
                inputMode="decimal"
                step={priceStep(pair)}
                min="0"
                autoComplete="off"
                error={text(errors.price?.message)}
                hint={t(`orders:form.priceHint.${kind}`)}
                data-testid="order-price"
                // Take-profit and stop-loss are checked against it.
                {...register('price', { deps: ['takeProfit', 'stopLoss'] })}
              />
              <SelectField
                label={t('orders:form.goodUntil')}
                error={text(errors.goodUntil?.message)}
                data-testid="order-good-until"
                {...register('goodUntil')}
              >
                {GOOD_UNTIL_CHOICES.map((value) => (
                  <option key={value} value={value}>
                    {t(`orders:form.goodUntilChoices.${value}`)}
                  </option>
                ))}
              </SelectField>
            </div>
          )}

          <TextField
            label={t('positions:form.amount')}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            max={available}
            placeholder="0.00"
            autoComplete="off"
            error={text(errors.amount?.message)}
            hint={
              <span data-testid="position-available">
                {balance.isPending ? (
                  <Skeleton className="inline-block h-3 w-24 align-middle" />
                ) : balance.isError ? (
                  t('positions:form.availableUnknown')
                ) : (
                  <>
                    {t('positions:form.available')} <Money amount={balance.data.balance} className="font-medium" />
                  </>
                )}
              </span>
            }
            data-testid="position-amount"
            {...register('amount')}
          />

          {/* Side by side where the form has room (a dialog), stacked in a narrow column (the dashboard). */}
          <div className="grid gap-4 @sm:grid-cols-2">
            <SelectField
              label={t('positions:form.leverage')}
              error={text(errors.leverage?.message)}
              data-testid="position-leverage"
              // The stop-loss must stay nearer the price than the stop-out the leverage gives, and the margin
              // with the commission (a share of margin × leverage) within the balance.
              {...register('leverage', { deps: ['stopLoss', 'amount'] })}
            >
              <option value="" disabled>
                {t('positions:form.leveragePlaceholder')}
              </option>
              {LEVERAGES.map((value) => (
                <option key={value} value={value}>
                  {formatLeverage(value)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('positions:form.expiration')}
              error={text(errors.expiration?.message)}
              data-testid="position-expiration"
              {...register('expiration')}
            >
              <option value="" disabled>
                {t('positions:form.expirationPlaceholder')}
              </option>
              {POSITION_DURATIONS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {formatDuration(minutes, locale)}
                </option>
              ))}
              <option value={NO_EXPIRY}>{t('positions:levels.noExpiry')}</option>
            </SelectField>
          </div>

          <ProtectionFields
            pair={pair || undefined}
            side={null}
            optional
            takeProfit={register('takeProfit')}
            stopLoss={register('stopLoss')}
            errors={{ takeProfit: text(errors.takeProfit?.message), stopLoss: text(errors.stopLoss?.message) }}
            hints={
              kind
                ? { takeProfit: t('orders:form.takeProfitHint'), stopLoss: t('orders:form.stopLossHint') }
                : undefined
            }
          />
        </fieldset>

        <p className="text-xs text-muted">{kind ? t('orders:form.marginNote') : t('positions:form.marginNote')}</p>

        {failure && <Alert tone="danger">{failure}</Alert>}

        <div className="grid grid-cols-2 gap-3">
          <Button
            variant="primary"
            onClick={() => submitAs('buy')}
            loading={busy && side === 'buy'}
            disabled={busy}
            data-testid="position-buy"
            data-side="buy"
          >
            <TrendingUp className="h-4 w-4" aria-hidden="true" />
            {kind ? t(`orders:sideKind.buy.${kind}`) : t('positions:form.buy')}
          </Button>
          <Button
            variant="danger"
            onClick={() => submitAs('sell')}
            loading={busy && side === 'sell'}
            disabled={busy}
            data-testid="position-sell"
            data-side="sell"
          >
            <TrendingDown className="h-4 w-4" aria-hidden="true" />
            {kind ? t(`orders:sideKind.sell.${kind}`) : t('positions:form.sell')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * The chosen pair's live price (the mid), then its bid (what a sell opens at), its ask (what a buy
 * opens at) and the spread between them; or why there is none.
 */
function PriceHint({ pair, quote }: { pair: TPair; quote: TQuote | undefined }) {
  const { t, i18n } = useTranslation(['positions', 'market']);
  if (!quote || quote.stale) return <span data-testid="position-price">{t('form.priceUnavailable')}</span>;
  const price = (value: number) => (
    <span className="font-medium tabular-nums text-fg">{formatPrice(pair, value, i18n.resolvedLanguage)}</span>
  );
  return (
    <>
      <span className="block" data-testid="position-price">
        {t('form.price')} {price(quote.mid)}
        {quote.source === 'simulated' && <> · {t('market:source.simulated')}</>}
      </span>
      <span className="block" data-testid="position-quote">
        <span className="whitespace-nowrap" data-testid="position-bid">
          {t('market:columns.bid')} {price(quote.bid)}
        </span>
        {' · '}
        <span className="whitespace-nowrap" data-testid="position-ask">
          {t('market:columns.ask')} {price(quote.ask)}
        </span>
        {' · '}
        <span className="whitespace-nowrap" data-testid="position-spread">
          {t('review.spread')} {price(spreadOf(pair, quote))}
        </span>
      </span>
    </>
  );
}
