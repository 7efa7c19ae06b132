import type { TQuote } from '@meridian/contracts/market';
import type { TPair } from '@meridian/contracts/pairs';
import type { TPosition } from '@meridian/contracts/positions';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { useMessageText } from '@/hooks/use-message-text';
import { formatPrice } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useSetPositionProtection } from '../api/set-position-protection';
import { usePositionErrorText } from '../hooks/use-position-error-text';
import {
  dragFigures,
  dragHint,
  levelOfLine,
  levelsAfterDrop,
  positionLines,
  type TLevelLineId,
} from '../utils/chart-levels';
import { levelProblems } from '../utils/protection';
import { LevelResult } from './position-levels';

/** A price line as the chart draws it: a position's line with its words. */
export interface TPriceChartLine {
  id: string;
  price: number;
  /** Short, on the line ("TP"). */
  title: string;
  /** In full, in the chart's accessible label ("take-profit"). */
  name: string;
  tone: 'primary' | 'fg' | 'success' | 'danger' | 'muted';
  dashed?: boolean;
  draggable?: boolean;
  keepInView?: boolean;
}

/**
 * What the position's page gives the chart in its slot. The chart of a pair is the market feature's
 * and a feature imports no other (.dependency-cruiser.mjs), so the page leaves a slot that app/ fills
 * with that chart (app/routes/client/position.tsx), as the sign-in form's unlock slot is filled: the
 * positions feature says what the lines are and what a drop does, the market feature draws candles
 * and lines and turns a pointer's drag into a price. The market chart's props have this shape, and
 * the type check of the app/ file that joins them keeps the two equal.
 */
export interface TPriceChartSlotProps {
  pair: TPair;
  lines: readonly TPriceChartLine[];
  describeDrag?: ((id: string, price: number) => ReactNode) | undefined;
  onLineDrop?: ((id: string, price: number) => Promise<void>) | undefined;
  testId?: string | undefined;
  /** Right under the chart: the hint to drag, the outcome of a drop. */
  children?: ReactNode;
}
export type TPriceChartSlot = (props: TPriceChartSlotProps) => ReactNode;

/** The words on each line (short) and in the chart's label (in full). */
const TITLES = {
  entry: 'chart.lines.entry',
  tp: 'levels.short.takeProfit',
  sl: 'levels.short.stopLoss',
  stopout: 'chart.lines.stopOut',
  exit: 'chart.lines.exit',
} as const satisfies Record<TLevelLineId, string>;
const NAMES = {
  entry: 'chart.names.entry',
  tp: 'chart.names.takeProfit',
  sl: 'chart.names.stopLoss',
  stopout: 'chart.names.stopOut',
  exit: 'chart.names.exit',
} as const satisfies Record<TLevelLineId, string>;

export interface PositionChartProps {
  position: TPosition;
  /** Its pair's live quote: a dragged level is checked against the side it closes at, as the server checks it. */
  quote: TQuote | undefined;
  /** Its client may drag the take-profit and stop-loss of their open position; an admin only reads. */
  editable: boolean;
  chart: TPriceChartSlot;
}

/**
 * A position's pair in live candles with its entry and, while open, its take-profit, stop-loss and
 * stop-out as lines (its exit once closed). Its client drags the take-profit or stop-loss line to
 * change it: the new level is checked against the live price, saved with the other level as it is,
 * and confirmed in a toast; a refused one goes back, and why is said under the chart. Keyboard and
 * screen-reader users change them with Edit TP/SL; the chart's label names every level.
 */
export function PositionChart({ position, quote, editable, chart }: PositionChartProps) {
  const { t, i18n } = useTranslation('positions');
  const locale = i18n.resolvedLanguage;
  const text = useMessageText();
  const failureText = usePositionErrorText();
  const save = useSetPositionProtection();
  // A refusal speaks of the levels as they were: once they change (a later drop, Edit TP/SL), it goes.
  const levelsNow = `${position.takeProfit}|${position.stopLoss}`;
  const [said, setSaid] = useState<{ text: string; levels: string } | null>(null);
  const refusal = said?.levels === levelsNow ? said.text : null;
  const setRefusal = (text: string | null) => setSaid(text === null ? null : { text, levels: levelsNow });
  const draggable = editable && position.status === 'open';
  // The same lines while the position is unchanged: the page re-renders with every price, the lines need not.
  const lines = useMemo(
    () =>
      positionLines(position, draggable).map((line) => ({
        ...line,
        title: t(TITLES[line.id]),
        name: t(NAMES[line.id]),
      })),
    [position, draggable, t],
  );
  const hint = draggable ? dragHint(position) : null;

  const describeDrag = (id: string, price: number) => {
    const figures = dragFigures(position, id, price);
    if (!figures) return null;
    return (
      <span className="flex flex-col gap-0.5 tabular-nums">
        <span className="font-semibold">
          {t(`levels.short.${figures.level}`)} {formatPrice(position.asset, figures.price, locale)}
        </span>
        {figures.result !== null && <LevelResult amount={figures.result} />}
      </span>
    );
  };

  const onLineDrop = async (id: string, price: number) => {
    const level = levelOfLine(id);
    if (!level) return;
    const levels = levelsAfterDrop(position, level, price);
    const refused = (reason: string | undefined) =>
      setRefusal(t('chart.notChanged', { level: t(`levels.${level}`), reason }));
    // Only the moved level is judged here: the other is the one already saved.
    const problem = levelProblems(position.asset, position.type, quote, position.stopOutPrice, levels)[level];
    if (problem) {
      refused(text(problem));
      return;
    }
    setRefusal(null);
    try {
      await save.mutateAsync({ id: position.id, levels });
      toast.success(t('protectionSaved'));
    } catch (error) {
      refused(failureText(error));
    }
  };

  return (
    <section
      aria-labelledby="position-chart-title"
      className="min-w-0 rounded-2xl border border-border bg-surface p-4 sm:p-5"
      data-testid="position-chart-section"
    >
      <h2 id="position-chart-title" className="mb-3 text-base font-semibold text-fg">
        {t('chart.title', { pair: position.asset })}
      </h2>
      {chart({
        pair: position.asset,
        lines,
        describeDrag: draggable ? describeDrag : undefined,
        onLineDrop: draggable ? onLineDrop : undefined,
        testId: 'position-chart',
        children: (
          <>
            {hint && (
              <p className="mt-2 text-xs text-muted" data-testid="position-chart-hint">
                {t(`chart.hint.${hint}`)}
              </p>
            )}
            {refusal && (
              <Alert tone="danger" className="mt-3">
                <span data-testid="position-chart-refusal">{refusal}</span>
              </Alert>
            )}
          </>
        ),
      })}
    </section>
  );
}
