import { indiaDate } from '@karya/domain/financial-year';

/** How the reports write their figures (issue 38); money goes through lib/money's rupees. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** Minutes as people say them: '1 h 45 min', '45 min', '2 h'; '—' for none. */
export function minutesText(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '—';
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** A share 0–1 as a whole percent: 0.923 → '92%'; '—' for none. */
export function percentText(share: number | null | undefined): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return '—';
  return `${Math.round(share * 100)}%`;
}

/** A count the Indian way: 1,23,456. */
export function countText(count: number): string {
  return count.toLocaleString('en-IN');
}

/** A rate with at most one decimal: 2 → '2', 2.25 → '2.3'; '—' for none. */
export function rateText(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '—';
  return (Math.round(rate * 10) / 10).toLocaleString('en-IN', { maximumFractionDigits: 1 });
}

/** A period of a report: '2026-11-03' → '3 Nov 2026', '2026-11' → 'Nov 2026'. */
export function periodText(period: string): string {
  const day = DAY.exec(period);
  if (day) return `${Number(day[3])} ${MONTHS[Number(day[2]) - 1]} ${day[1]}`;
  const month = MONTH.exec(period);
  if (month) return `${MONTHS[Number(month[2]) - 1]} ${month[1]}`;
  return period;
}

/** A chart's axis label, short: '3 Nov', 'Nov 26'. */
export function periodShortText(period: string): string {
  const day = DAY.exec(period);
  if (day) return `${Number(day[3])} ${MONTHS[Number(day[2]) - 1]}`;
  const month = MONTH.exec(period);
  if (month) return `${MONTHS[Number(month[2]) - 1]} ${month[1]?.slice(2)}`;
  return period;
}

/** A range as a heading says it: '1 Nov 2026 – 29 Nov 2026', or one day. */
export function rangeText(from: string, to: string): string {
  return from === to ? periodText(from) : `${periodText(from)} – ${periodText(to)}`;
}

/**
 * Rupees on a chart's axis, short: ₹950, ₹12.5K, ₹3.2L (lakh), ₹1.1Cr (crore). One axis speaks
 * one unit, chosen by its largest value (₹0.5L beside ₹1.5L, not ₹50K). The table beside the
 * chart has the exact figures.
 */
export function compactRupees(amount: number, largest: number = amount): string {
  const sign = amount < 0 ? '-' : '';
  const value = Math.abs(amount);
  const top = Math.max(Math.abs(largest), value);
  const short = (number: number, unit: string) =>
    `${sign}₹${(Math.round(number * 10) / 10).toLocaleString('en-IN', { maximumFractionDigits: 1 })}${unit}`;
  if (value === 0) return '₹0';
  if (top >= 1e7) return short(value / 1e7, 'Cr');
  if (top >= 1e5) return short(value / 1e5, 'L');
  if (top >= 1e3) return short(value / 1e3, 'K');
  return short(value, '');
}

/** A chart label cut to what fits under a bar on a phone: the table has it whole. */
export function shortLabel(label: string, max = 14): string {
  const trimmed = label.trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1)}…`;
}

/** How a chart's category axis is laid out in a width (CSS px of the plot). */
export interface AxisLayout {
  /** 'skip': label every few (a run of days); 'rotate': every label, on its side (names). */
  mode: 'skip' | 'rotate';
  /** Label every `every`th category. */
  every: number;
  /** Degrees the labels turn (uPlot's axis rotate: 45 reads up to its bar from the lower left). */
  rotate: number;
  /** The axis' height in px. */
  size: number;
}

/** About the width of a 12 px system-font character. */
const CHAR_PX = 6.5;
const LABEL_GAP_PX = 12;
/** Rotated labels stand this far apart along the axis, whatever their length. */
const ROTATED_PITCH_PX = 18;

/**
 * Labels flat when each fits its slot; else a run of days labels every few, and names turn
 * 45° (each still labelled while 18 px apart; every few beyond that).
 */
export function axisLayout(
  labels: readonly string[],
  plotWidth: number,
  mode: AxisLayout['mode'],
): AxisLayout {
  const count = Math.max(1, labels.length);
  const longest = Math.max(1, ...labels.map((label) => label.length)) * CHAR_PX;
  const slot = Math.max(1, plotWidth) / count;
  if (longest + LABEL_GAP_PX <= slot) return { mode, every: 1, rotate: 0, size: 30 };
  if (mode === 'skip') {
    return { mode, every: Math.ceil((longest + LABEL_GAP_PX) / slot), rotate: 0, size: 30 };
  }
  return {
    mode,
    every: Math.ceil(ROTATED_PITCH_PX / slot),
    rotate: 45,
    size: Math.ceil(longest * Math.SQRT1_2 + 20),
  };
}

/** An instant's India day as a heading says it: '2026-11-03T20:00:00Z' → '4 Nov 2026'. */
export function instantDayText(instant: string): string {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return instant;
  return periodText(indiaDate(new Date(time)));
}
