import { Card } from '../../ui/card';
import { useQuotationSummary } from './api';
import { money } from './quote-display';

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

const monthName = (month: string) => {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? month
    : date.toLocaleDateString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
};

/** The month's quotes per branch: sent, accepted, their value and the conversion rate. */
export function QuotationSummaryCard({
  branch,
  showBranch,
}: {
  branch: string | null;
  /** An admin's figures name their branch, even when only one sent quotes this month. */
  showBranch: boolean;
}) {
  const summary = useQuotationSummary(branch);
  const data = summary.data;
  if (!data) return null;
  const rows = data.branches;
  return (
    <Card title={`This month (${monthName(data.month)})`} className="mb-6">
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">No quotations sent this month yet.</p>
      ) : (
        <ul
          aria-label="This month's quotations"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        >
          {rows.map((row) => (
            <li key={row.branch._id} className="rounded-lg border border-slate-200 p-3">
              {showBranch || rows.length > 1 ? (
                <p className="mb-2 text-sm font-semibold text-slate-900">{row.branch.name}</p>
              ) : null}
              <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-500">Sent</dt>
                <dd className="text-right tabular-nums">
                  {row.sent} · {money(row.sentValue)}
                </dd>
                <dt className="text-slate-500">Accepted</dt>
                <dd className="text-right tabular-nums">
                  {row.accepted} · {money(row.acceptedValue)}
                </dd>
                <dt className="text-slate-500">Conversion</dt>
                <dd className="text-right font-semibold tabular-nums">
                  {percent(row.conversionRate)}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
