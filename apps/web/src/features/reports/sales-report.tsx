import type { SalesReport as SalesAnswer } from '@karya/domain/report-schemas';
import { IndianRupee } from 'lucide-react';
import { useMemo } from 'react';
import { rupees } from '../../lib/money';
import { EmptyState } from '../../ui/empty-state';
import { StatTile } from '../../ui/stat-tile';
import { Table, Td } from '../../ui/table';
import { BarChart } from './bar-chart';
import { salesFigures, salesSummary } from './chart-data';
import { compactRupees, periodShortText, periodText } from './report-format';
import type { ReportDates } from './report-range';

const COLUMNS = [
  'Period',
  'Branch',
  'Taxable',
  'GST',
  'Invoiced',
  'Cash',
  'UPI',
  'Collected',
] as const;

export const SALES_COLORS = { invoiced: '#2563eb', collected: '#16a34a' } as const;

/** Sales and collections: invoiced vs collected per period, the table per period and branch. */
export function SalesReportView({
  report,
  range,
  groupBy,
}: {
  report: SalesAnswer;
  range: ReportDates;
  groupBy: 'day' | 'month';
}) {
  const figures = useMemo(() => salesFigures(report, range, groupBy), [report, range, groupBy]);
  const categories = useMemo(() => figures.periods.map(periodShortText), [figures]);
  const series = useMemo(
    () => [
      { label: 'Invoiced', color: SALES_COLORS.invoiced, values: figures.invoiced },
      { label: 'Collected', color: SALES_COLORS.collected, values: figures.collected },
    ],
    [figures],
  );
  const tiles = (
    <div className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-3 sm:p-5">
      <StatTile label="Invoiced" value={rupees(report.totals.invoiced.total)} />
      <StatTile label="Collected" value={rupees(report.totals.collected.total)} />
      <StatTile label="Outstanding at the end" value={rupees(report.outstandingAtEnd)} />
    </div>
  );
  if (report.rows.length === 0) {
    return (
      <>
        {tiles}
        <EmptyState
          icon={IndianRupee}
          title="No sales in this range"
          description="Confirmed bills and payments received on these days appear here. Choose another range or branch."
        />
      </>
    );
  }
  return (
    <>
      {tiles}
      <div className="px-4 pb-4 sm:px-5">
        <BarChart
          categories={categories}
          series={series}
          summary={salesSummary(figures, groupBy)}
          formatValue={compactRupees}
        />
      </div>
      <Table columns={COLUMNS} label="Sales and collections">
        {report.rows.map((row) => (
          <tr key={`${row.period}|${row.branch._id}`}>
            <Td className="text-slate-900">{periodText(row.period)}</Td>
            <Td>{row.branch.name}</Td>
            <Td className="tabular-nums">{rupees(row.invoiced.taxable)}</Td>
            <Td className="tabular-nums">{rupees(row.invoiced.tax)}</Td>
            <Td className="tabular-nums font-medium text-slate-900">
              {rupees(row.invoiced.total)}
            </Td>
            <Td className="tabular-nums">{rupees(row.collected.cash)}</Td>
            <Td className="tabular-nums">{rupees(row.collected.upi)}</Td>
            <Td className="tabular-nums font-medium text-slate-900">
              {rupees(row.collected.total)}
            </Td>
          </tr>
        ))}
        <tr className="bg-slate-50 font-semibold">
          <Td className="text-slate-900">Total</Td>
          <Td />
          <Td className="tabular-nums">{rupees(report.totals.invoiced.taxable)}</Td>
          <Td className="tabular-nums">{rupees(report.totals.invoiced.tax)}</Td>
          <Td className="tabular-nums text-slate-900">{rupees(report.totals.invoiced.total)}</Td>
          <Td className="tabular-nums">{rupees(report.totals.collected.cash)}</Td>
          <Td className="tabular-nums">{rupees(report.totals.collected.upi)}</Td>
          <Td className="tabular-nums text-slate-900">{rupees(report.totals.collected.total)}</Td>
        </tr>
      </Table>
    </>
  );
}
