import { useDndMonitor, useDraggable, useDroppable } from '@dnd-kit/core';
import {
  createContext,
  memo,
  type RefObject,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { type Column, columnUnder } from './board-layout';
import type { WeekDropTarget } from './day-board';
import type { DragData } from './job-card';

type Listeners = ReturnType<typeof useDraggable>['listeners'];

/** A card under the pointer, ready to be dragged. */
export interface CardDrag {
  id: string;
  /** The job as the card last drew it. */
  data: DragData;
  node: RefObject<HTMLElement | null>;
  /** Filled with dnd-kit's press handlers, which the card calls. */
  listeners: { current: Listeners };
  onDragging: (dragging: boolean) => void;
}

/** A technician's row of the week, a drop target. */
export interface RowDrop {
  id: string;
  data: WeekDropTarget;
  node: RefObject<HTMLElement | null>;
  /** Whether a drag is over the row, and the index of the day cell the card lies most over. */
  onOver: (over: boolean, lit: number | null) => void;
}

/**
 * Where the week board's rows and the cards under the pointer register their drag with
 * dnd-kit. React looks through everything inside DndContext for its hooks' users at every
 * pointer move of a drag (the dragged card's position is a context): with the week's 500
 * cards and 350 cells inside, that search was a third of a drag's script. So the week board
 * is drawn beside DndContext, not inside it, and its rows and cards register here; inside
 * DndContext, DragRegistrations draws one component with dnd-kit's hook for each, which draws
 * nothing and passes dnd-kit's answers back (the card being dragged, the row dragged over).
 */
export class DragHost {
  private readonly cards = new Map<string, CardDrag>();
  private readonly rows = new Map<string, RowDrop>();
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private lists: { cards: CardDrag[]; rows: RowDrop[] } = { cards: [], rows: [] };

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  snapshot = () => this.version;

  registered() {
    return this.lists;
  }

  arm(card: CardDrag) {
    if (this.cards.get(card.id) === card) return;
    this.cards.set(card.id, card);
    this.changed();
  }

  disarm(card: CardDrag) {
    if (this.cards.get(card.id) !== card) return;
    this.cards.delete(card.id);
    this.changed();
  }

  addRow(row: RowDrop) {
    this.rows.set(row.id, row);
    this.changed();
  }

  removeRow(row: RowDrop) {
    if (this.rows.get(row.id) !== row) return;
    this.rows.delete(row.id);
    this.changed();
  }

  private changed() {
    this.version += 1;
    this.lists = { cards: [...this.cards.values()], rows: [...this.rows.values()] };
    for (const listener of this.listeners) listener();
  }
}

export const DragHostContext = createContext<DragHost | null>(null);
export const useDragHost = () => useContext(DragHostContext);

/** Inside DndContext: dnd-kit's hooks for what registered with the host. */
export function DragRegistrations({ host }: { host: DragHost }) {
  useSyncExternalStore(host.subscribe, host.snapshot);
  const { cards, rows } = host.registered();
  return (
    <>
      {cards.map((card) => (
        <CardRegistration key={card.id} card={card} />
      ))}
      {rows.map((row) => (
        <RowRegistration key={row.id} row={row} />
      ))}
    </>
  );
}

const CardRegistration = memo(function CardRegistration({ card }: { card: CardDrag }) {
  // The job as the card draws it now: a live answer can change it while the card is armed,
  // and a move must carry its current version.
  const data = useMemo<DragData>(
    () => ({
      get kind() {
        return card.data.kind;
      },
      get job() {
        return card.data.job;
      },
    }),
    [card],
  );
  const draggable = useDraggable({ id: card.id, data });
  const { setNodeRef, isDragging } = draggable;
  card.listeners.current = draggable.listeners;
  useLayoutEffect(() => {
    setNodeRef(card.node.current);
  }, [setNodeRef, card]);
  useLayoutEffect(() => {
    card.onDragging(isDragging);
  }, [isDragging, card]);
  useLayoutEffect(
    () => () => {
      card.listeners.current = undefined;
    },
    [card],
  );
  return null;
});

const RowRegistration = memo(function RowRegistration({ row }: { row: RowDrop }) {
  const drop = useDroppable({ id: row.id, data: row.data });
  const { setNodeRef, isOver } = drop;
  // The day cells' edges, read once while the drag is over the row (each read at every move
  // made the browser lay out the page again) and again after anything scrolls.
  const columns = useRef<Column[] | null>(null);
  useLayoutEffect(() => {
    setNodeRef(row.node.current);
  }, [setNodeRef, row]);
  useLayoutEffect(() => {
    row.onOver(isOver, null);
    columns.current = null;
    if (!isOver) return;
    const forget = () => {
      columns.current = null;
    };
    addEventListener('scroll', forget, { capture: true, passive: true });
    return () => removeEventListener('scroll', forget, { capture: true });
  }, [isOver, row]);
  useDndMonitor({
    onDragMove: isOver
      ? (event) => {
          const rect = event.active.rect.current.translated;
          columns.current ??= row.data.columns();
          row.onOver(true, rect ? columnUnder(columns.current, rect.left, rect.right) : null);
        }
      : undefined,
  });
  return null;
});
