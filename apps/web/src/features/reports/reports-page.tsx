import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { BranchFilter } from '../../shared/branch-filter';
import { useBranchParam } from '../../shared/use-list-controls';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { useNotify } from '../../ui/notification-context';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { type TabOption, TabStrip } from '../../ui/tab-strip';
import {
  downloadReport,
  isGroupedReport,
  REPORT_KINDS,
  type ReportKind,
  type ReportParams,
  reportKeys,
  useReport,
} from './api/reports';
import { RangePicker } from './range-picker';
import { rangeText } from './report-format';
import { ReportState } from './report-parts';
import {
  DAY_GROUPING_MAX_DAYS,
  daysInRange,
  defaultGroupBy,
  indiaToday,
  type ReportDates,
  rangeFromParams,
  rangeProblem,
} from './report-range';
import { SalesReportView } from './sales-report';
import { StockReportView } from './stock-report';
import { TechniciansReportView } from './technicians-report';
import { WorkReportView } from './work-report';

const TITLES: Record<ReportKind, string> = {
  sales: 'Sales and collections',
  technicians: 'Technician productivity',
  work: 'Work',
  stock: 'Stock',
};
const TABS: ReadonlyArray<TabOption<ReportKind>> = REPORT_KINDS.map((kind) => ({
  value: kind,
  label: TITLES[kind],
}));
const WHAT: Record<ReportKind, string> = {
  sales: 'the sales report',
  technicians: 'the technician report',
  work: 'the work report',
  stock: 'the stock report',
};

const isKind = (value: string | undefined): value is ReportKind =>
  (REPORT_KINDS as readonly string[]).includes(value ?? '');

/**
 * Reports (issue 38): the owner's evening view in four screens, /reports/sales, /technicians,
 * /work and /stock, each a chart above its table. The range, the branch (an admin's choice; a
 * manager's is their own, as the server holds them to) and the grouping live in the address
 * (?from=&to=&branch=&groupBy=), so a reload or a shared link shows the same report.
 */
export function ReportsPage() {
  const { report } = useParams();
  const [params] = useSearchParams();
  if (!isKind(report)) {
    const search = params.toString();
    return <Navigate to={`/reports/sales${search ? `?${search}` : ''}`} replace />;
  }
  return <ReportScreen kind={report} />;
}

function ReportScreen({ kind }: { kind: ReportKind }) {
  const { isAdmin, branch, setBranch } = useBranchParam();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const today = indiaToday();
  const fromParam = params.get('from');
  const toParam = params.get('to');
  // One object per range, so the charts redraw when it changes and not on every render.
  const range = useMemo(
    () => rangeFromParams(fromParam, toParam, today),
    [fromParam, toParam, today],
  );
  const problem = kind === 'stock' ? null : rangeProblem(range);
  const askedGroupBy = params.get('groupBy');
  const groupBy: 'day' | 'month' =
    askedGroupBy === 'day' || askedGroupBy === 'month' ? askedGroupBy : defaultGroupBy(range);
  const grouped = isGroupedReport(kind);
  const query: ReportParams =
    kind === 'stock'
      ? { branch }
      : { from: range.from, to: range.to, branch, ...(grouped ? { groupBy } : {}) };
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: reportKeys.all }) > 0;
  const notify = useNotify();
  const [downloading, setDownloading] = useState<'csv' | 'xlsx' | null>(null);

  const setRange = (next: ReportDates) => {
    const search = new URLSearchParams(params);
    search.set('from', next.from);
    search.set('to', next.to);
    // A grouping chosen for the old range may not suit the new one: back to the default.
    search.delete('groupBy');
    setParams(search, { replace: true });
  };
  const setGroupBy = (next: 'day' | 'month') => {
    const search = new URLSearchParams(params);
    search.set('groupBy', next);
    setParams(search, { replace: true });
  };
  const download = async (format: 'csv' | 'xlsx') => {
    setDownloading(format);
    try {
      await downloadReport(kind, query, format);
    } catch (error) {
      notify.error(
        errorMessage(error, 'Could not download the report. Check your connection and try again.'),
      );
    } finally {
      setDownloading(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Reports"
        description="What the business billed and collected, how each technician worked, and what stock needs attention."
        actions={
          <RefreshButton
            onClick={() => void queryClient.invalidateQueries({ queryKey: reportKeys.all })}
            loading={fetching}
          />
        }
      />
      <Card padded={false}>
        <TabStrip
          label="Reports"
          tabs={TABS}
          value={kind}
          onChange={(next) => navigate({ pathname: `/reports/${next}`, search: params.toString() })}
          // On a phone the four tabs stand two by two: all in sight, none cut off.
          className="px-2 max-sm:grid max-sm:grid-cols-2 sm:px-4"
          tall
        />
        <div role="tabpanel" aria-label={TITLES[kind]}>
          <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-4 sm:px-5">
            {kind === 'stock' ? (
              <p className="w-full text-sm text-slate-600 sm:w-auto sm:self-center">
                Stock as it is now.
              </p>
            ) : (
              <RangePicker range={range} today={today} onChange={setRange} />
            )}
            {isAdmin ? <BranchFilter value={branch} onChange={setBranch} /> : null}
            {grouped ? (
              <GroupByToggle value={groupBy} days={daysInRange(range)} onChange={setGroupBy} />
            ) : null}
            <div className="flex w-full gap-2 sm:ml-auto sm:w-auto">
              <Button
                variant="secondary"
                onClick={() => void download('csv')}
                loading={downloading === 'csv'}
                disabled={Boolean(problem) || downloading !== null}
                icon={<Download aria-hidden="true" className="size-4" />}
                className="flex-1 sm:flex-none"
              >
                {/* 'Download' is said on a phone too, only not shown: the buttons stay one line. */}
                <span>
                  <span className="max-sm:sr-only">Download </span>CSV
                </span>
              </Button>
              <Button
                variant="secondary"
                onClick={() => void download('xlsx')}
                loading={downloading === 'xlsx'}
                disabled={Boolean(problem) || downloading !== null}
                icon={<Download aria-hidden="true" className="size-4" />}
                className="flex-1 sm:flex-none"
              >
                <span>
                  <span className="max-sm:sr-only">Download </span>XLSX
                </span>
              </Button>
            </div>
          </div>
          <h2 className="px-4 pt-4 text-base font-semibold text-slate-900 sm:px-5">
            {TITLES[kind]}
            {kind === 'stock' || problem ? null : (
              <span className="block text-sm font-normal text-slate-500 sm:ml-2 sm:inline">
                {rangeText(range.from, range.to)}
              </span>
            )}
          </h2>
          {problem ? (
            <Alert className="m-4">{problem}</Alert>
          ) : (
            <ReportBody kind={kind} query={query} range={range} groupBy={groupBy} />
          )}
        </div>
      </Card>
    </>
  );
}

function ReportBody({
  kind,
  query,
  range,
  groupBy,
}: {
  kind: ReportKind;
  query: ReportParams;
  range: ReportDates;
  groupBy: 'day' | 'month';
}) {
  switch (kind) {
    case 'sales':
      return <SalesBody query={query} range={range} groupBy={groupBy} />;
    case 'technicians':
      return <TechniciansBody query={query} />;
    case 'work':
      return <WorkBody query={query} range={range} />;
    case 'stock':
      return <StockBody query={query} />;
  }
}

function SalesBody(props: { query: ReportParams; range: ReportDates; groupBy: 'day' | 'month' }) {
  const answer = useReport('sales', props.query, true);
  return (
    <ReportState query={answer} what={WHAT.sales}>
      {(data) => <SalesReportView report={data} range={props.range} groupBy={props.groupBy} />}
    </ReportState>
  );
}

function TechniciansBody({ query }: { query: ReportParams }) {
  const answer = useReport('technicians', query, true);
  return (
    <ReportState query={answer} what={WHAT.technicians}>
      {(data) => <TechniciansReportView report={data} />}
    </ReportState>
  );
}

function WorkBody({ query, range }: { query: ReportParams; range: ReportDates }) {
  const answer = useReport('work', query, true);
  return (
    <ReportState query={answer} what={WHAT.work}>
      {(data) => <WorkReportView report={data} range={range} />}
    </ReportState>
  );
}

function StockBody({ query }: { query: ReportParams }) {
  const answer = useReport('stock', query, true);
  return (
    <ReportState query={answer} what={WHAT.stock}>
      {(data) => <StockReportView report={data} />}
    </ReportState>
  );
}

function GroupByToggle({
  value,
  days,
  onChange,
}: {
  value: 'day' | 'month';
  days: number;
  onChange: (value: 'day' | 'month') => void;
}) {
  return (
    <fieldset className="flex flex-col">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Per</legend>
      <div className="inline-flex h-10 overflow-hidden rounded-lg border border-slate-300 shadow-sm">
        {(['day', 'month'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={value === option}
            title={
              option === 'day' && days > DAY_GROUPING_MAX_DAYS
                ? 'Many days: the chart is easier to read per month'
                : undefined
            }
            onClick={() => onChange(option)}
            className={
              value === option
                ? 'bg-blue-600 px-4 text-sm font-medium text-white'
                : 'bg-white px-4 text-sm font-medium text-slate-700 hover:bg-slate-50'
            }
          >
            {option === 'day' ? 'Day' : 'Month'}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
