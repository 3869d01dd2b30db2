import { indiaDate } from '@karya/domain/gst';
import { countsInRegister, INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Download, FileSpreadsheet } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { rupees } from '../../lib/money';
import { BranchFilter } from '../../shared/branch-filter';
import { useBranchParam } from '../../shared/use-list-controls';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { useNotify } from '../../ui/notification-context';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { Loading } from '../../ui/spinner';
import { StatTile } from '../../ui/stat-tile';
import { type TabOption, TabStrip, tabLabel } from '../../ui/tab-strip';
import { TextField } from '../../ui/text-field';
import { downloadGstReportCsv } from './api/download-gst-report-csv';
import { useGstReport } from './api/get-gst-reports';
import { type GstReport, gstReportKeys, type ReportQuery } from './api/gst-report-keys';
import { HsnSummaryTable } from './hsn-summary-table';
import { monthOf, rangeProblem } from './report-range';
import { SalesRegisterTable } from './sales-register-table';

const TABS: ReadonlyArray<TabOption<GstReport>> = [
  { value: 'gst-sales-register', label: 'Sales Register' },
  { value: 'gst-hsn-summary', label: 'HSN Summary' },
];

/** The range, tab and branch live in the address, so a reload or a shared link keeps them. */
function useReportParams() {
  const [params, setParams] = useSearchParams();
  const month = monthOf(indiaDate(new Date()));
  const from = params.get('from') ?? month.from;
  const to = params.get('to') ?? month.to;
  const tab: GstReport = params.get('tab') === 'hsn' ? 'gst-hsn-summary' : 'gst-sales-register';
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) next.set(key, value);
    setParams(next, { replace: true });
  };
  return { from, to, tab, set };
}

/**
 * 'GST Reports' (issue 19): for the accountant, the sales register (one row per invoice) and
 * the HSN summary of a date range, on screen with their totals and as CSV in GSTR-1's column
 * order. A manager sees their branch; an admin every branch or one.
 */
export function GstReportsPage() {
  const { isAdmin, branch, setBranch } = useBranchParam();
  const { from, to, tab, set } = useReportParams();
  const query: ReportQuery = { from, to, branchId: branch };
  const problem = rangeProblem(query);
  const register = useGstReport(
    'gst-sales-register',
    query,
    !problem && tab === 'gst-sales-register',
  );
  const hsn = useGstReport('gst-hsn-summary', query, !problem && tab === 'gst-hsn-summary');
  const current = tab === 'gst-sales-register' ? register : hsn;
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: gstReportKeys.all }) > 0;
  const notify = useNotify();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadGstReportCsv(tab, query);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to download the report'));
    } finally {
      setDownloading(false);
    }
  };
  const today = indiaDate(new Date());

  return (
    <>
      <PageHeader
        title="GST Reports"
        description="The sales register and HSN summary for your accountant, in GSTR-1 column order."
        actions={
          <>
            <RefreshButton
              onClick={() => void queryClient.invalidateQueries({ queryKey: gstReportKeys.all })}
              loading={fetching}
            />
            <Button
              onClick={download}
              loading={downloading}
              disabled={Boolean(problem)}
              icon={<Download aria-hidden="true" className="size-4" />}
            >
              Download CSV
            </Button>
          </>
        }
      />
      <Card padded={false}>
        <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-4">
          <TextField
            label="From"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => set({ from: event.target.value })}
            className="w-40"
          />
          <TextField
            label="To"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => set({ to: event.target.value })}
            className="w-40"
          />
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => set({ ...monthOf(today) })}>
              This Month
            </Button>
            <Button variant="secondary" onClick={() => set({ ...monthOf(today, 1) })}>
              Last Month
            </Button>
          </div>
          {isAdmin ? <BranchFilter value={branch} onChange={setBranch} /> : null}
        </div>
        <TabStrip
          label="GST Reports"
          tabs={TABS}
          value={tab}
          onChange={(report) => set({ tab: report === 'gst-hsn-summary' ? 'hsn' : 'register' })}
          className="px-4"
          tall
        />
        <div role="tabpanel" aria-label={tabLabel(TABS, tab)}>
          {problem ? (
            <Alert className="m-4">{problem}</Alert>
          ) : current.isError && !current.data ? (
            <Alert className="m-4">
              {errorMessage(current.error, 'Failed to load the report')}
            </Alert>
          ) : current.isPending ? (
            <Loading label="Loading the report..." />
          ) : tab === 'gst-sales-register' && register.data ? (
            register.data.rows.length === 0 ? (
              <NoInvoices />
            ) : (
              <ReportBody
                tiles={[
                  // Invoices counted; a credit note is a document but not an invoice.
                  [
                    'Invoices',
                    register.data.rows
                      .filter((row) => countsInRegister(row) && !row.creditNoteFor)
                      .length.toLocaleString('en-IN'),
                  ],
                  ['Taxable Value', rupees(register.data.totals.taxable)],
                  [
                    'GST',
                    rupees(
                      register.data.totals.igst +
                        register.data.totals.cgst +
                        register.data.totals.sgst,
                    ),
                  ],
                  ['Invoice Value', rupees(register.data.totals.total)],
                ]}
              >
                <SalesRegisterTable register={register.data} />
              </ReportBody>
            )
          ) : hsn.data ? (
            hsn.data.rows.length === 0 ? (
              <NoInvoices />
            ) : (
              <ReportBody
                tiles={[
                  [
                    'HSN/SAC Codes',
                    new Set(
                      hsn.data.rows.map((row) => `${row.hsnSac}|${row.gstRate}|${row.uqc}`),
                    ).size.toLocaleString('en-IN'),
                  ],
                  ['Taxable Value', rupees(hsn.data.totals.taxable)],
                  [
                    'GST',
                    rupees(hsn.data.totals.igst + hsn.data.totals.cgst + hsn.data.totals.sgst),
                  ],
                  ['Total Value', rupees(hsn.data.totals.total)],
                ]}
              >
                <HsnSummaryTable summary={hsn.data} />
              </ReportBody>
            )
          ) : null}
        </div>
      </Card>
    </>
  );
}

function NoInvoices() {
  return (
    <EmptyState
      icon={FileSpreadsheet}
      title={INVOICE_MESSAGES.noInvoices}
      description="Invoices appear here once bills of this period are confirmed."
    />
  );
}

function ReportBody({
  tiles,
  children,
}: {
  tiles: ReadonlyArray<readonly [string, string]>;
  children: ReactNode;
}) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3 p-4 lg:grid-cols-4">
        {tiles.map(([label, value]) => (
          <StatTile key={label} label={label} value={value} />
        ))}
      </div>
      {children}
    </>
  );
}
