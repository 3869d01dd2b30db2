import type { ComplaintsReport, ComplaintsReportRow } from '@karya/domain/complaint-schemas';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { cx } from '../../lib/class-names';
import { useSessionUser } from '../../lib/use-session-user';
import { BranchFilter } from '../../shared/branch-filter';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Input } from '../../ui/input';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { Loading } from '../../ui/spinner';
import { Table, Td } from '../../ui/table';
import { useComplaintsReport } from './api/get-complaints-report';
import { minutesText, monthOrThisMonth, monthText, thisMonth } from './report-display';
import { ResponseTimesSection } from './response-times-section';

const COLUMNS = [
  'Branch',
  'Complaints',
  'Met',
  'Breached',
  'Open',
  'Median time to start',
  'Repeats',
] as const;

/**
 * Complaints report (issue 37): the month's complaints per branch, whatever way they came in,
 * and how well each branch kept its response time; below, the branch's 'Response times'
 * (its targets), which is where a manager sets them. An admin sees every branch or one.
 * The month and the branch live in the address (?month=YYYY-MM&branch=), so the dashboard's
 * 'Breached this month' card opens the same view.
 */
export function ComplaintsReportPage() {
  const viewer = useSessionUser();
  const isAdmin = viewer.role === 'admin';
  const [params, setParams] = useSearchParams();
  const month = monthOrThisMonth(params.get('month'));
  const branch = isAdmin ? params.get('branch') || null : null;
  const report = useComplaintsReport(month, branch);
  const monthId = useId();

  const setParam = (name: 'month' | 'branch', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Complaints report"
        description="Every complaint of the month, from a unit's sticker, the job-status page or the desk, and how quickly a technician started on it."
        actions={
          <>
            <div className="flex items-center gap-2">
              <label htmlFor={monthId} className="text-sm font-medium text-slate-700">
                Month
              </label>
              <Input
                id={monthId}
                type="month"
                value={month}
                max={thisMonth()}
                // A cleared picker goes back to this month rather than to nothing.
                onChange={(event) => setParam('month', event.target.value)}
                className="w-44"
              />
            </div>
            {isAdmin ? (
              <BranchFilter value={branch} onChange={(value) => setParam('branch', value)} />
            ) : null}
            <RefreshButton onClick={() => void report.refetch()} loading={report.isFetching} />
          </>
        }
      />
      <div className="space-y-6">
        <Card title={`Complaints in ${monthText(month)}`} padded={false}>
          <ReportBody
            month={month}
            report={report.data}
            loading={report.isPending}
            error={report.isError ? report.error : null}
            stale={report.isPlaceholderData}
            retrying={report.isFetching}
            onRetry={() => void report.refetch()}
          />
        </Card>
        <ResponseTimesSection isAdmin={isAdmin} branch={branch} />
      </div>
    </>
  );
}

function ReportBody({
  month,
  report,
  loading,
  error,
  stale,
  retrying,
  onRetry,
}: {
  month: string;
  report: ComplaintsReport | undefined;
  loading: boolean;
  error: unknown;
  /** Another month's figures, shown while this month's load. */
  stale: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  if (loading) return <Loading label="Loading complaints report..." />;
  if (!report || (error && stale)) {
    return (
      <div className="space-y-3 p-4 sm:p-5">
        <Alert>{errorMessage(error, 'Server error. Failed to fetch the complaints report.')}</Alert>
        <Button variant="secondary" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className={cx(stale && 'opacity-60')} aria-busy={stale || undefined}>
      {error ? (
        <Alert tone="warning" className="m-4">
          {errorMessage(error, 'Server error. Failed to refresh the complaints report.')}
        </Alert>
      ) : null}
      {report.total.count === 0 ? (
        <EmptyState
          title={`No complaints in ${monthText(month)}`}
          description="Complaints raised from a unit's sticker, the job-status page or the desk are counted here."
        />
      ) : (
        <Table columns={COLUMNS} label={`Complaints in ${monthText(month)}`} phoneCards>
          {report.rows.map((row) => (
            <ReportRow key={row.branch._id} name={row.branch.name} row={row} />
          ))}
          <ReportRow name="Total" row={report.total} total />
        </Table>
      )}
    </div>
  );
}

function ReportRow({
  name,
  row,
  total = false,
}: {
  name: string;
  row: Omit<ComplaintsReportRow, 'branch'>;
  total?: boolean;
}) {
  return (
    // On a phone a card: the name across, the six figures two to a line.
    <tr
      className={cx(
        'max-sm:grid! max-sm:grid-cols-2 max-sm:gap-x-3',
        total && 'bg-slate-50 font-semibold max-sm:bg-slate-100',
      )}
    >
      <Td className="font-medium text-slate-900 max-sm:col-span-2">{name}</Td>
      <Td label="Complaints" className="tabular-nums">
        {row.count}
      </Td>
      <Td label="Met" className="tabular-nums">
        {row.met}
      </Td>
      <Td label="Breached" className={cx('tabular-nums', row.breached > 0 && 'text-red-700')}>
        {row.breached}
      </Td>
      <Td label="Open" className="tabular-nums">
        {row.open}
      </Td>
      <Td label="Median time to start" className="tabular-nums max-sm:col-span-2">
        {minutesText(row.medianMinutesToStart)}
      </Td>
      <Td label="Repeats" className="tabular-nums">
        {row.repeats}
      </Td>
    </tr>
  );
}
