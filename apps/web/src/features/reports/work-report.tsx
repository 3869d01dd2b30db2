import {
  BACKLOG_BUCKET_LABELS,
  BACKLOG_BUCKETS,
  type WorkReport,
} from '@karya/domain/report-schemas';
import { ClipboardList } from 'lucide-react';
import { useMemo } from 'react';
import { EmptyState } from '../../ui/empty-state';
import { StatTile } from '../../ui/stat-tile';
import { Table, Td } from '../../ui/table';
import { BarChart } from './bar-chart';
import { workFigures, workSummary } from './chart-data';
import { countText, periodShortText, periodText } from './report-format';
import { SectionTitle } from './report-parts';
import type { ReportDates } from './report-range';

const COLUMNS = ['Project type', 'Category', 'Opened', 'Completed'] as const;
const wholeCount = (value: number) => (Number.isInteger(value) ? countText(value) : '');

/** Work: orders opened vs completed per day or month, by type and category; the backlog by age. */
export function WorkReportView({ report, range }: { report: WorkReport; range: ReportDates }) {
  const figures = useMemo(() => workFigures(report, range), [report, range]);
  const categories = useMemo(() => figures.periods.map(periodShortText), [figures]);
  const series = useMemo(
    () => [
      { label: 'Opened', color: '#f59e0b', values: figures.opened },
      { label: 'Completed', color: '#16a34a', values: figures.completed },
    ],
    [figures],
  );
  const pending = report.backlog.reduce((sum, bucket) => sum + bucket.count, 0);
  const countOf = (bucket: string) =>
    report.backlog.find((entry) => entry.bucket === bucket)?.count ?? 0;
  const backlog = (
    <section aria-labelledby="backlog-title" className="border-y border-slate-200 pb-2">
      <SectionTitle id="backlog-title">Pending orders by age, now</SectionTitle>
      <Table columns={['Age', 'Pending orders']} label="Pending orders by age">
        {BACKLOG_BUCKETS.map((bucket) => (
          <tr key={bucket}>
            <Td className="text-slate-900">{BACKLOG_BUCKET_LABELS[bucket]}</Td>
            <Td className="tabular-nums">{countText(countOf(bucket))}</Td>
          </tr>
        ))}
      </Table>
    </section>
  );
  return (
    <>
      <div className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-3 sm:p-5">
        <StatTile label="Opened" value={countText(report.totals.opened)} />
        <StatTile label="Completed" value={countText(report.totals.completed)} />
        <StatTile label="Pending now" value={countText(pending)} />
      </div>
      {report.rows.length === 0 ? (
        <>
          <EmptyState
            icon={ClipboardList}
            title="No work in this range"
            description="Work orders opened or completed on these days appear here. Choose another range or branch."
          />
          {backlog}
        </>
      ) : (
        <>
          <div className="px-4 pb-4 sm:px-5">
            <BarChart
              categories={categories}
              series={series}
              summary={workSummary(figures)}
              formatValue={wholeCount}
            />
          </div>
          {/* The backlog is now, whatever the range: short, before the long table of days. */}
          {backlog}
          <Table
            columns={[report.groupBy === 'month' ? 'Month' : 'Day', ...COLUMNS]}
            label={`Work orders by ${report.groupBy}, type and category`}
          >
            {report.rows.map((row) => (
              <tr key={`${row.day}|${row.projectType}|${row.projectCategory}`}>
                <Td className="text-slate-900">{periodText(row.day)}</Td>
                <Td>{row.projectType}</Td>
                <Td>{row.projectCategory}</Td>
                <Td className="tabular-nums">{countText(row.opened)}</Td>
                <Td className="tabular-nums">{countText(row.completed)}</Td>
              </tr>
            ))}
            <tr className="bg-slate-50 font-semibold">
              <Td className="text-slate-900">Total</Td>
              <Td />
              <Td />
              <Td className="tabular-nums">{countText(report.totals.opened)}</Td>
              <Td className="tabular-nums">{countText(report.totals.completed)}</Td>
            </tr>
          </Table>
        </>
      )}
    </>
  );
}
