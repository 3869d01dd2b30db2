import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  addGeneric,
  addSerial,
  addSerialByNumber,
  addService,
  type DraftLine,
  type LineChange,
  type QuantityRule,
  removeLine,
  repriceLines,
  setLineQuantity,
} from './bill-lines';
import { type BillPlan, NO_PLAN, planLines } from './planned-bill-lines';
import { heldOf } from './stock-search';

/**
 * The lines of a bill being made and the last refusal (shown in a red banner). Scan Barcode
 * and Add Service get their refusal back and show it in their own dialog instead. `start`
 * (an accepted quote's planned items, issue 35) becomes the lines once, as soon as it is
 * known, if nothing was chosen yet; what the technician changes after is theirs.
 */
export function useBillLines(
  items: readonly TechnicianInventoryItem[],
  rule: QuantityRule,
  start: readonly DraftLine[] | null = null,
) {
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!start || started.current) return;
    started.current = true;
    setLines((current) => (current.length === 0 ? [...start] : current));
  }, [start]);

  const apply = (change: LineChange): string | null => {
    setLines(change.lines);
    setError(change.error);
    return change.error;
  };

  /** For a dialog that shows the refusal itself, so it is not said twice. */
  const applyInDialog = (change: LineChange): string | null => {
    setLines(change.lines);
    setError(null);
    return change.error;
  };

  /**
   * Brings every line to the price of `priced` (a maintenance visit's covered parts) and, on
   * an order from a quotation, its planned units to the quoted prices (issue 35).
   */
  const reprice = useCallback(
    (priced: readonly TechnicianInventoryItem[], plan: BillPlan = NO_PLAN) =>
      setLines((current) => {
        const next = planLines(repriceLines(current, priced), plan);
        return next === current ? current : [...next];
      }),
    [],
  );

  return {
    lines,
    error,
    rule,
    clearError: () => setError(null),
    showError: setError,
    addSerial: (item: TechnicianInventoryItem, serialNumber: string) =>
      apply(addSerial(lines, item, serialNumber)),
    addSerialNumber: (typed: string) => applyInDialog(addSerialByNumber(lines, items, typed)),
    addGeneric: (item: TechnicianInventoryItem) => apply(addGeneric(lines, item)),
    addService: (item: TechnicianInventoryItem) => applyInDialog(addService(lines, item)),
    setQuantity: (line: DraftLine, quantity: number) =>
      apply(setLineQuantity(lines, line.key, quantity, heldOf(items, line.itemId), rule)),
    remove: (line: DraftLine) => apply({ lines: removeLine(lines, line.key), error: null }),
    reprice,
  };
}

export type BillLinesController = ReturnType<typeof useBillLines>;
