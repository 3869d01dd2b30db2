import type { SalesReport, StockReport, WorkReport } from '@karya/domain/report-schemas';
import { rupees } from '../../lib/money';
import { countText, periodText } from './report-format';
import { daysOf, monthsOf, type ReportDates } from './report-range';

/** A chart's figures: one label per bar group and the series' values in that order. */
export interface ChartFigures {
  periods: string[];
  values: Record<string, number[]>;
}

/** Every period of a range, so days without a figure are drawn as nothing rather than skipped. */
export function periodsOf(range: ReportDates, groupBy: 'day' | 'month'): string[] {
  return groupBy === 'day' ? daysOf(range) : monthsOf(range);
}

/** Invoiced and collected (totals with GST) per period, every branch in scope summed. */
export function salesFigures(
  report: Pick<SalesReport, 'rows'>,
  range: ReportDates,
  groupBy: 'day' | 'month',
) {
  const periods = periodsOf(range, groupBy);
  const index = new Map(periods.map((period, at) => [period, at]));
  const invoiced = periods.map(() => 0);
  const collected = periods.map(() => 0);
  for (const row of report.rows) {
    const at = index.get(groupBy === 'month' ? row.period.slice(0, 7) : row.period);
    if (at === undefined) continue;
    invoiced[at] = round2((invoiced[at] ?? 0) + row.invoiced.total);
    collected[at] = round2((collected[at] ?? 0) + row.collected.total);
  }
  return { periods, invoiced, collected };
}

/** Orders opened and completed per period: the report's day or month. */
export function workFigures(report: Pick<WorkReport, 'rows' | 'groupBy'>, range: ReportDates) {
  const { groupBy } = report;
  const periods = periodsOf(range, groupBy);
  const index = new Map(periods.map((period, at) => [period, at]));
  const opened = periods.map(() => 0);
  const completed = periods.map(() => 0);
  for (const row of report.rows) {
    const at = index.get(groupBy === 'month' ? row.day.slice(0, 7) : row.day);
    if (at === undefined) continue;
    opened[at] = (opened[at] ?? 0) + row.opened;
    completed[at] = (completed[at] ?? 0) + row.completed;
  }
  return { groupBy, periods, opened, completed };
}

/** Each holder of stock once (a van, a branch's shelf, its faulty stock), biggest first. */
export function holderFigures(report: Pick<StockReport, 'byHolder'>, showValues: boolean) {
  const holders = report.byHolder
    .map((holder) => ({
      label: holderLabel(holder),
      value: showValues ? (holder.valueAtCost ?? 0) : holder.quantity,
    }))
    .sort((a, b) => b.value - a.value);
  return { labels: holders.map((holder) => holder.label), values: holders.map((h) => h.value) };
}

export function holderLabel(holder: StockReport['byHolder'][number]): string {
  if (holder.kind === 'faulty') return `${holder.holder.name} (faulty)`;
  return holder.holder.name;
}

/** The largest value's position, or -1 when all are zero. */
function peak(values: readonly number[]): number {
  let best = -1;
  values.forEach((value, at) => {
    if (value > 0 && (best < 0 || value > (values[best] ?? 0))) best = at;
  });
  return best;
}

/** The sales chart in words: what it totals, and its best period. */
export function salesSummary(
  figures: ReturnType<typeof salesFigures>,
  groupBy: 'day' | 'month',
): string {
  const invoiced = round2(figures.invoiced.reduce((sum, value) => sum + value, 0));
  const collected = round2(figures.collected.reduce((sum, value) => sum + value, 0));
  const best = peak(figures.invoiced);
  const unit = groupBy === 'day' ? 'day' : 'month';
  const bestText =
    best < 0
      ? ''
      : ` The most invoiced in one ${unit}: ${rupees(figures.invoiced[best])} on ${periodText(figures.periods[best] ?? '')}.`;
  return `Bar chart of invoiced and collected per ${unit}: ${rupees(invoiced)} invoiced and ${rupees(collected)} collected in all.${bestText} The table below has every figure.`;
}

export function workSummary(figures: ReturnType<typeof workFigures>): string {
  const opened = figures.opened.reduce((sum, value) => sum + value, 0);
  const completed = figures.completed.reduce((sum, value) => sum + value, 0);
  return `Bar chart of work orders opened and completed per ${figures.groupBy}: ${countText(opened)} opened and ${countText(completed)} completed in all. The table below has every figure.`;
}

export function technicianSummary(rows: ReadonlyArray<{ name: string; completed: number }>) {
  const total = rows.reduce((sum, row) => sum + row.completed, 0);
  const top = rows[0];
  const topText =
    top && top.completed > 0 ? ` Most: ${top.name}, ${countText(top.completed)}.` : '';
  return `Bar chart of jobs completed per technician: ${countText(total)} by ${countText(rows.length)} technicians.${topText} The table below has every figure.`;
}

export function holderSummary(figures: ReturnType<typeof holderFigures>, showValues: boolean) {
  const what = showValues ? 'stock value at purchase price' : 'units in stock';
  const top = figures.labels[0];
  const topValue = figures.values[0] ?? 0;
  const topText =
    top && topValue > 0
      ? ` Most: ${top}, ${showValues ? rupees(topValue) : countText(topValue)}.`
      : '';
  return `Bar chart of ${what} per holder, ${countText(figures.labels.length)} holders.${topText} The table below has every figure.`;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
