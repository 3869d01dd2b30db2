/**
 * Quantities as the screens show them (issue 39 item 5): always with their own unit, and never
 * added across units — 100 m of cable and 5 cameras are '100 Meter · 5 Piece', not '105
 * units'. The one formatter of every count of stock: the technician's home tile, bottom bar
 * and Inventory tab, the return confirmation, the assignment and returned-inventory screens.
 */

/** The unit of an item with none (spec 2: 'Piece' in the technician views). */
export const DEFAULT_UNIT = 'Piece';

/** An amount of one unit, e.g. { quantity: 40, unit: 'Meter' }. */
export interface Quantity {
  quantity: number;
  unit?: string | null;
}

/** The total of one unit. */
export interface UnitTotal {
  unit: string;
  quantity: number;
}

let numberFormat: Intl.NumberFormat | undefined;

const unitName = (unit: string | null | undefined) => unit?.trim() || DEFAULT_UNIT;

/** '40 Meter', '1,200 Piece' (en-IN grouping); a missing unit is a Piece. */
export function formatQuantity(quantity: number, unit?: string | null): string {
  numberFormat ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });
  return `${numberFormat.format(quantity)} ${unitName(unit)}`;
}

/**
 * The totals per unit, largest first (then by unit): units differing only in case are one
 * ('Meter', 'meter'), written as first seen. Nothing of a unit (0) is left out.
 */
export function totalsByUnit(quantities: Iterable<Quantity>): UnitTotal[] {
  const totals = new Map<string, UnitTotal>();
  for (const { quantity, unit } of quantities) {
    if (!(quantity > 0)) continue;
    const name = unitName(unit);
    const key = name.toLocaleLowerCase('en-IN');
    const total = totals.get(key);
    if (total) total.quantity += quantity;
    else totals.set(key, { unit: name, quantity });
  }
  return [...totals.values()].sort(
    (a, b) => b.quantity - a.quantity || a.unit.localeCompare(b.unit, 'en-IN'),
  );
}

/** '10 Meter · 1 Piece': each unit's total; `none` (default '0') when there is nothing. */
export function formatQuantities(quantities: Iterable<Quantity>, none = '0'): string {
  const totals = totalsByUnit(quantities);
  if (totals.length === 0) return none;
  return totals.map(({ quantity, unit }) => formatQuantity(quantity, unit)).join(' · ');
}
