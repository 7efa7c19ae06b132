import type { TPair } from '@meridian/contracts/pairs';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { TCandleChart } from '../utils/candle-chart';
import { lineNearPointer, priceAtPointer, type TChartLine } from '../utils/chart-lines';

/** What a drag needs of the chart: where a price is drawn, which price is at a height, and holding still. */
export type TDragSurface = Pick<TCandleChart, 'yOf' | 'priceAt' | 'holdStill'>;

/**
 * A line the pointer moved: while it is dragged, and after its release until the caller has settled
 * the drop (saved or refused it); then the line shows the price its caller gives it again.
 */
export interface TMovedLine {
  id: string;
  price: number;
  settling: boolean;
}

export interface TLineDragOptions {
  /** The chart's box, which the pointer events are listened on. */
  container: RefObject<HTMLElement | null>;
  surface: RefObject<TDragSurface | null>;
  pair: TPair;
  lines: readonly TChartLine[];
  /** Released at a new price; without it nothing is draggable. Resolves once the drop is settled. */
  onLineDrop?: ((id: string, price: number) => Promise<void>) | undefined;
}

/**
 * Dragging a chart's draggable lines with a pointer (mouse, pen or finger): lightweight-charts has no
 * draggable lines of its own. A press within a few pixels of one takes it (the cursor says so on
 * hover); the chart's own scrolling, zooming and price scale hold still meanwhile; the line follows
 * the pointer in the pair's decimals; the release hands its price to `onLineDrop`, and Escape or a
 * cancelled pointer puts it back. Keyboard users change the same levels in a dialog instead.
 */
export function useLineDrag({ container, surface, pair, lines, onLineDrop }: TLineDragOptions): TMovedLine | null {
  const [moved, setMoved] = useState<TMovedLine | null>(null);
  // The listeners are added once per chart; they read the current lines and drop through this.
  const current = useRef({ pair, lines, onLineDrop });
  useEffect(() => {
    current.current = { pair, lines, onLineDrop };
  });
  const draggable = onLineDrop !== undefined;

  useEffect(() => {
    const element = container.current;
    if (!element || !draggable) return;
    let drag: { id: string; pointerId: number; from: number; price: number } | null = null;
    let settling = false;

    const yIn = (event: PointerEvent) => event.clientY - element.getBoundingClientRect().top;
    const lineAt = (event: PointerEvent) => {
      const chart = surface.current;
      return chart ? lineNearPointer(current.current.lines, yIn(event), chart.yOf, event.pointerType) : null;
    };
    const settled = () => {
      settling = false;
      setMoved(null);
    };
    const end = (drop: boolean) => {
      if (!drag) return;
      const { id, pointerId, from, price } = drag;
      drag = null;
      window.removeEventListener('keydown', onKey);
      if (element.hasPointerCapture(pointerId)) element.releasePointerCapture(pointerId);
      surface.current?.holdStill(false);
      element.style.cursor = '';
      const handOver = current.current.onLineDrop;
      if (!drop || price === from || !handOver) {
        setMoved(null);
        return;
      }
      settling = true;
      setMoved({ id, price, settling: true });
      // The caller says what went wrong in its own words; the line goes back either way.
      handOver(id, price).then(settled, settled);
    };
    const onDown = (event: PointerEvent) => {
      if (drag || settling || event.button !== 0) return;
      const line = lineAt(event);
      if (!line) return;
      // Cancelling the press also holds back the mouse events the chart would scroll with.
      event.preventDefault();
      element.setPointerCapture(event.pointerId);
      surface.current?.holdStill(true);
      drag = { id: line.id, pointerId: event.pointerId, from: line.price, price: line.price };
      element.style.cursor = 'ns-resize';
      window.addEventListener('keydown', onKey);
      setMoved({ id: line.id, price: line.price, settling: false });
    };
    const onMove = (event: PointerEvent) => {
      if (!drag) {
        element.style.cursor = !settling && lineAt(event) ? 'ns-resize' : '';
        return;
      }
      const chart = surface.current;
      if (event.pointerId !== drag.pointerId || !chart) return;
      const price = priceAtPointer(current.current.pair, yIn(event), chart.priceAt);
      if (price === null || price === drag.price) return;
      drag.price = price;
      setMoved({ id: drag.id, price, settling: false });
    };
    const onUp = (event: PointerEvent) => {
      if (drag?.pointerId === event.pointerId) end(true);
    };
    const onCancel = (event: PointerEvent) => {
      if (drag?.pointerId === event.pointerId) end(false);
    };
    function onKey(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      // Only the drag is cancelled: a dialog around the page stays open.
      event.preventDefault();
      event.stopPropagation();
      end(false);
    }
    // A finger's drag would scroll the page as well: while it holds a line, it moves only the line.
    const onTouchMove = (event: TouchEvent) => {
      if (drag) event.preventDefault();
    };

    element.addEventListener('pointerdown', onDown);
    element.addEventListener('pointermove', onMove);
    element.addEventListener('pointerup', onUp);
    element.addEventListener('pointercancel', onCancel);
    element.addEventListener('touchmove', onTouchMove, { passive: false });
    return () => {
      end(false);
      element.removeEventListener('pointerdown', onDown);
      element.removeEventListener('pointermove', onMove);
      element.removeEventListener('pointerup', onUp);
      element.removeEventListener('pointercancel', onCancel);
      element.removeEventListener('touchmove', onTouchMove);
      element.style.cursor = '';
    };
  }, [container, surface, draggable]);

  return moved;
}
