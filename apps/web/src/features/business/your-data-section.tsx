import { indiaDate } from '@karya/domain/financial-year';
import { Archive, FileCode2, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { apiUrl } from '../../lib/api-url';
import { BranchFilter } from '../../shared/branch-filter';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { TextField } from '../../ui/text-field';
import { lastMonth, tallyRangeProblem } from './tally-range';

const LINK =
  'inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50';

/**
 * 'Your data' (issue 36), for admins, beside the profile whose Tally ledger names the export
 * uses: the whole business as one workbook or a zip of CSVs, and a date range of invoices and
 * receipts as a Tally Prime import file. Plain links: the server streams the files, so a
 * million work orders never pass through this page.
 */
export function YourDataSection() {
  const [range, setRange] = useState(() => lastMonth(indiaDate(new Date())));
  const [branch, setBranch] = useState('');
  const problem = tallyRangeProblem(range);

  return (
    <section aria-label="Your data">
      <Card title="Your data" className="max-w-3xl">
        <div className="space-y-6">
          <section aria-labelledby="download-everything" className="space-y-2">
            <h3 id="download-everything" className="text-sm font-semibold text-slate-900">
              Download everything
            </h3>
            <p className="text-sm text-slate-500">
              Customers, leads, items, stock, technicians, work orders, bills, payments, contracts
              and dues of every branch, to keep or to take elsewhere.
            </p>
            <div className="flex flex-wrap gap-2">
              <a
                href={apiUrl('/export', { kind: 'all', format: 'xlsx' })}
                download
                className={LINK}
              >
                <FileSpreadsheet aria-hidden="true" className="size-4 text-green-700" />
                Excel workbook
              </a>
              <a href={apiUrl('/export', { kind: 'all', format: 'zip' })} download className={LINK}>
                <Archive aria-hidden="true" className="size-4" />
                Zip of CSV files
              </a>
            </div>
          </section>
          <section
            aria-labelledby="export-to-tally"
            className="space-y-3 border-t border-slate-200 pt-5"
          >
            <h3 id="export-to-tally" className="text-sm font-semibold text-slate-900">
              Export to Tally
            </h3>
            <p className="text-sm text-slate-500">
              Invoices, receipts and cancellations of these days (India time) as a Tally Prime XML
              file, posted to the ledgers above: your accountant imports it in one step (Gateway of
              Tally › Import › Transactions).
            </p>
            <div className="flex flex-wrap items-end gap-3">
              <TextField
                label="From"
                type="date"
                value={range.from}
                max={range.to || undefined}
                onChange={(event) => setRange({ ...range, from: event.target.value })}
                className="w-40"
              />
              <TextField
                label="To"
                type="date"
                value={range.to}
                min={range.from || undefined}
                onChange={(event) => setRange({ ...range, to: event.target.value })}
                className="w-40"
              />
              <BranchFilter value={branch || null} onChange={setBranch} />
            </div>
            {problem ? <Alert>{problem}</Alert> : null}
            {problem ? null : (
              <a
                href={apiUrl('/export-tally', {
                  from: range.from,
                  to: range.to,
                  branchId: branch || undefined,
                })}
                download
                className={LINK}
              >
                <FileCode2 aria-hidden="true" className="size-4" />
                Export to Tally
              </a>
            )}
          </section>
        </div>
      </Card>
    </section>
  );
}
