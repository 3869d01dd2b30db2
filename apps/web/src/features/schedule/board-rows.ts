import {
  defaultRangeExtractor,
  elementScroll,
  type Range,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { type FocusEvent, type PointerEvent, useCallback, useRef } from 'react';

/** Rows drawn beyond each edge of the board's scrolled view (a row is 100–300 px high). */
const OVERSCAN = 1;

/**
 * A row's height as the ResizeObserver reports it, after the browser's own layout; a row
 * just drawn keeps the height it had (or its estimate) until then. Reading it at once, as
 * TanStack Virtual does by default, made the browser lay out the whole page in the middle of
 * React's commit (a third of the board's first render) and again for the frame.
 */
function measuredHeight(
  element: HTMLElement,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLElement, HTMLElement>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ??
    instance.options.estimateSize(index)
  );
}

/**
 * The scroll container's size from its ResizeObserver, which reports after the browser's own
 * layout. TanStack Virtual's default also reads it at once as the board mounts, which made
 * the browser lay out the whole new page in the middle of React's commit (a tenth of the
 * board's first render); until the observer's first report the view is `initialRect`.
 */
function observeScrollerSize(
  instance: Virtualizer<HTMLElement, HTMLElement>,
  report: (rect: { width: number; height: number }) => void,
) {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(([entry]) => {
    if (!entry) return;
    const { width, height } = entry.contentRect;
    report({ width: Math.round(width), height: Math.round(height) });
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** Scroll containers TanStack Virtual has moved (or been asked to keep at their top). */
const written = new WeakSet<Element>();

/**
 * TanStack Virtual scrolls its container to where it thinks it is as the board mounts: to
 * the top, where a new board is already, but writing it made the browser lay out the page in
 * the middle of React's commit. That first write to the top is left out; every other is made.
 */
function scrollBoard(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLElement, HTMLElement>,
) {
  const element = instance.scrollElement;
  const first = element !== null && !written.has(element);
  if (element) written.add(element);
  if (first && offset + (options.adjustments ?? 0) === 0) return;
  elementScroll(offset, options, instance);
}

/** What a board's body draws, top to bottom: technicians' rows and the space of the others. */
export type BoardSlot =
  | { kind: 'row'; index: number; key: string }
  | { kind: 'gap'; key: string; height: number };

/**
 * Only the technicians' rows in the board's scrolled view are drawn (issue 34: 50 technicians
 * and 500 cards were 6,000 elements and most of the board's first render and of a drag; see
 * bench/schedule-board.mjs), with TanStack Virtual over the board's own scroll container: each
 * row's height is measured once drawn (it grows with its cards), `estimate` stands in until
 * then. The rows not drawn are one empty block of their height each side, so the scrollbar
 * and the sticky header and first column behave as with every row drawn, and a drag's drop
 * targets are only the rows drawn (the ones on screen).
 *
 * The row a press or the keyboard's focus is in stays drawn when it scrolls out of view, so a
 * card being dragged, or the focused 'Schedule…' button, is never taken from under the hand.
 */
export function useBoardRows({
  count,
  keyOf,
  estimate,
}: {
  count: number;
  keyOf: (index: number) => string;
  estimate: (index: number) => number;
}) {
  const scroller = useRef<HTMLElement | null>(null);
  const held = useRef<string | null>(null);
  const keyAt = useRef(keyOf);
  keyAt.current = keyOf;
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const key = held.current;
    if (key === null) return indexes;
    let index = -1;
    for (let i = 0; i < range.count; i += 1) {
      if (keyAt.current(i) === key) {
        index = i;
        break;
      }
    }
    if (index < 0 || indexes.includes(index)) return indexes;
    return [...indexes, index].sort((a, b) => a - b);
  }, []);
  const virtualizer = useVirtualizer<HTMLElement, HTMLElement>({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: estimate,
    getItemKey: keyOf,
    overscan: OVERSCAN,
    rangeExtractor,
    // The first draw already holds the rows of a window-high view, not none and then them.
    initialRect: { width: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight },
    // Scrolling redraws the rows in React's own time: no flushSync inside an event.
    useFlushSync: false,
    measureElement: measuredHeight,
    observeElementRect: observeScrollerSize,
    scrollToFn: scrollBoard,
  });
  const slots: BoardSlot[] = [];
  let end = 0;
  for (const item of virtualizer.getVirtualItems()) {
    if (item.start > end)
      slots.push({ kind: 'gap', key: `gap-${item.key}`, height: item.start - end });
    slots.push({ kind: 'row', index: item.index, key: String(item.key) });
    end = item.end;
  }
  const total = virtualizer.getTotalSize();
  if (total > end) slots.push({ kind: 'gap', key: 'gap-end', height: total - end });

  /** The row (its `data-index`) a press or the focus went into is held drawn. */
  const hold = useCallback((event: FocusEvent<HTMLElement> | PointerEvent<HTMLElement>) => {
    const row =
      event.target instanceof Element ? event.target.closest<HTMLElement>('[data-index]') : null;
    const index = row ? Number(row.dataset.index) : Number.NaN;
    if (Number.isInteger(index)) held.current = keyAt.current(index);
  }, []);
  const setScroller = useCallback((element: HTMLElement | null) => {
    scroller.current = element;
  }, []);
  return {
    slots,
    /** The board's scroll container. */
    scrollerRef: setScroller,
    /** A drawn row's element, with `data-index`: its height is measured and followed. */
    measureRow: virtualizer.measureElement,
    /** On the board's scroll container: onPointerDownCapture and onFocusCapture. */
    hold,
  };
}
