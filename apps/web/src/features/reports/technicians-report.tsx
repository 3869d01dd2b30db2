import type { TechniciansReport } from '@karya/domain/report-schemas';
import { Users } from 'lucide-react';
import { useMemo } from 'react';
import { rupees } from '../../lib/money';
import { EmptyState } from '../../ui/empty-state';
import { Table, Td } from '../../ui/table';
import { BarChart } from './bar-chart';
import { technicianSummary } from './chart-data';
import { countText, minutesText, percentText, rateText } from './report-format';

const COLUMNS = [
  'Technician',
  'Completed',
  'Approved',
  'Avg time on job',
  'Jobs per working day',
  'Billed',
  'First-time fix rate',
  'Transfers',
  'Rejections',
] as const;

const wholeCount = (value: number) => (Number.isInteger(value) ? countText(value) : '');

/** Technician productivity: jobs completed per technician, and how each worked. */
export function TechniciansReportView({ report }: { report: TechniciansReport }) {
  const sorted = useMemo(
    () =>
      [...report.rows].sort(
        (a, b) => b.completed - a.completed || a.technician.name.localeCompare(b.technician.name),
      ),
    [report],
  );
  const categories = useMemo(() => sorted.map((row) => row.technician.name), [sorted]);
  const series = useMemo(
    () => [{ label: 'Jobs completed', color: '#2563eb', values: sorted.map((r) => r.completed) }],
    [sorted],
  );
  if (report.rows.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title="No technician work in this range"
        description="Jobs technicians complete, and their transfer requests, appear here. Choose another range or branch."
      />
    );
  }
  return (
    <>
      <div className="p-4 sm:p-5">
        <BarChart
          categories={categories}
          series={series}
          summary={technicianSummary(
            sorted.map((row) => ({ name: row.technician.name, completed: row.completed })),
          )}
          formatValue={wholeCount}
          crowded="rotate"
        />
      </div>
      <Table columns={COLUMNS} label="Technician productivity">
        {sorted.map((row) => (
          <tr key={row.technician._id}>
            <Td className="font-medium text-slate-900">{row.technician.name}</Td>
            <Td className="tabular-nums">{countText(row.completed)}</Td>
            <Td className="tabular-nums">{countText(row.approved)}</Td>
            <Td className="tabular-nums">{minutesText(row.avgMinutesOnJob)}</Td>
            <Td className="tabular-nums">{rateText(row.jobsPerWorkingDay)}</Td>
            <Td className="tabular-nums">{rupees(row.billed)}</Td>
            <Td className="tabular-nums">{percentText(row.firstTimeFixRate)}</Td>
            <Td className="tabular-nums">{countText(row.transfers)}</Td>
            <Td className="tabular-nums">{countText(row.rejections)}</Td>
          </tr>
        ))}
      </Table>
    </>
  );
}
