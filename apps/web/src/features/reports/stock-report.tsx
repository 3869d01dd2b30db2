import type { StockReport } from '@karya/domain/report-schemas';
import { LONG_HELD_DAYS, SLOW_MOVER_DAYS } from '@karya/domain/report-schemas';
import { Boxes } from 'lucide-react';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { rupees } from '../../lib/money';
import { EmptyState } from '../../ui/empty-state';
import { StatTile } from '../../ui/stat-tile';
import { Table, Td } from '../../ui/table';
import { BarChart } from './bar-chart';
import { holderFigures, holderLabel, holderSummary } from './chart-data';
import { compactRupees, countText, instantDayText } from './report-format';
import { SectionTitle } from './report-parts';

const KIND_LABELS = { branch: 'Branch stock', technician: 'Van', faulty: 'Faulty' } as const;
const wholeCount = (value: number) => (Number.isInteger(value) ? countText(value) : '');

/**
 * Stock now: what each branch and van holds (at purchase price for an admin; a manager's
 * answer has no values), what is below its reorder level, what has not moved, and serials a
 * technician has held too long.
 */
export function StockReportView({ report }: { report: StockReport }) {
  const showValues = report.valueAtCost !== null;
  const figures = useMemo(() => holderFigures(report, showValues), [report, showValues]);
  const series = useMemo(
    () => [
      {
        label: showValues ? 'Value at cost' : 'Units in stock',
        color: '#2563eb',
        values: figures.values,
      },
    ],
    [figures, showValues],
  );
  const holders = [...report.byHolder].sort(
    (a, b) => (b.valueAtCost ?? b.quantity) - (a.valueAtCost ?? a.quantity),
  );
  return (
    <>
      {showValues ? (
        <div className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-3 sm:p-5">
          <StatTile label="Value at cost" value={rupees(report.valueAtCost)} />
          <StatTile label="Low stock items" value={countText(report.lowStock.length)} />
          <StatTile label="Slow movers" value={countText(report.slowMovers.length)} />
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-3 p-4 sm:p-5">
          <StatTile label="Low stock items" value={countText(report.lowStock.length)} />
          <StatTile label="Slow movers" value={countText(report.slowMovers.length)} />
        </div>
      )}
      {report.byHolder.length === 0 ? (
        <EmptyState
          icon={Boxes}
          title="No stock held"
          description="Stock received into a branch or issued to a technician's van appears here."
        />
      ) : (
        <>
          <div className="px-4 pb-4 sm:px-5">
            <BarChart
              categories={figures.labels}
              series={series}
              summary={holderSummary(figures, showValues)}
              formatValue={showValues ? compactRupees : wholeCount}
              crowded="rotate"
            />
          </div>
          <Table
            columns={
              showValues
                ? ['Holder', 'Kind', 'Branch', 'Quantity', 'Value at cost']
                : ['Holder', 'Kind', 'Branch', 'Quantity']
            }
            label="Stock by holder"
          >
            {holders.map((holder) => (
              <tr key={`${holder.kind}|${holder.holder._id}`}>
                <Td className="font-medium text-slate-900">{holderLabel(holder)}</Td>
                <Td>{KIND_LABELS[holder.kind]}</Td>
                <Td>{holder.branch.name}</Td>
                <Td className="tabular-nums">{countText(holder.quantity)}</Td>
                {showValues ? <Td className="tabular-nums">{rupees(holder.valueAtCost)}</Td> : null}
              </tr>
            ))}
          </Table>
        </>
      )}
      <Section
        id="low-stock"
        title="Low stock"
        empty="No item is below its reorder level."
        count={report.lowStock.length}
      >
        <Table columns={['Item', 'Branch', 'In stock', 'Reorder level']} label="Low stock">
          {report.lowStock.map((row) => (
            <tr key={`${row.item._id}|${row.branch._id}`}>
              <ItemCell item={row.item} />
              <Td>{row.branch.name}</Td>
              <Td className="tabular-nums font-medium text-red-700">{countText(row.quantity)}</Td>
              <Td className="tabular-nums">{countText(row.level)}</Td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section
        id="slow-movers"
        title={`Slow movers (no movement in ${SLOW_MOVER_DAYS} days)`}
        empty={`Everything in stock has moved in the last ${SLOW_MOVER_DAYS} days.`}
        count={report.slowMovers.length}
      >
        <Table columns={['Item', 'Branch', 'Quantity', 'Last moved']} label="Slow movers">
          {report.slowMovers.map((row) => (
            <tr key={`${row.item._id}|${row.branch._id}`}>
              <ItemCell item={row.item} />
              <Td>{row.branch.name}</Td>
              <Td className="tabular-nums">{countText(row.quantity)}</Td>
              <Td>{row.lastMovedAt ? instantDayText(row.lastMovedAt) : 'Never'}</Td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section
        id="long-held"
        title={`Serials held over ${LONG_HELD_DAYS} days`}
        empty={`No technician has held a serial for more than ${LONG_HELD_DAYS} days.`}
        count={report.longHeldSerials.length}
      >
        <Table
          columns={['Serial', 'Item', 'Technician', 'Branch', 'Since', 'Days']}
          label={`Serials held over ${LONG_HELD_DAYS} days`}
        >
          {report.longHeldSerials.map((row) => (
            <tr key={row.serialNumber}>
              <Td className="font-mono text-slate-900">{row.serialNumber}</Td>
              <ItemCell item={row.item} />
              <Td>{row.technician.name}</Td>
              <Td>{row.branch.name}</Td>
              <Td>{instantDayText(row.since)}</Td>
              <Td className="tabular-nums">{countText(row.days)}</Td>
            </tr>
          ))}
        </Table>
      </Section>
    </>
  );
}

function ItemCell({ item }: { item: { itemId: string; name: string } }) {
  return (
    <Td className="text-slate-900">
      {item.name} <span className="text-xs text-slate-500">{item.itemId}</span>
    </Td>
  );
}

function Section({
  id,
  title,
  empty,
  count,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="border-t border-slate-200">
      <SectionTitle id={`${id}-title`}>{title}</SectionTitle>
      {count === 0 ? <p className="px-4 pb-5 text-sm text-slate-500 sm:px-5">{empty}</p> : children}
    </section>
  );
}
