import { formatPhone } from '@karya/domain/phone-rules';
import type { ServiceReport } from '@karya/domain/service-report';
import { Printer } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { ServiceReportButton } from '../../shared/service-report-button';
import type { ServiceReportSource } from '../../shared/service-report-download';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Loading } from '../../ui/spinner';
import { getServiceReport } from './api';
import {
  answerText,
  reportDate,
  reportDateTime,
  STAGE_LABELS,
  STATUS_LABELS,
} from './service-report-text';

/**
 * The service report as a page (issue 22, decision 034): the same answer the PDF draws, laid
 * out for the screen and, with its print styles, for paper (A4, no buttons, photos kept whole
 * on a page). Staff open it at /service-report/:orderId, the customer at /s/:token/report.
 */
export function ServiceReportPage() {
  const { orderId, token } = useParams();
  const source: ServiceReportSource | null = token ? { token } : orderId ? { orderId } : null;
  const key = token ?? orderId ?? '';
  const [state, setState] = useState<
    | { kind: 'loading' }
    | { kind: 'failed'; message: string }
    | { kind: 'ready'; report: ServiceReport }
  >({ kind: 'loading' });

  useEffect(() => {
    if (!key) return;
    let current = true;
    setState({ kind: 'loading' });
    getServiceReport(token ? { token: key } : { orderId: key }).then(
      (report) => current && setState({ kind: 'ready', report }),
      (failure: unknown) =>
        current &&
        setState({
          kind: 'failed',
          message: errorMessage(
            failure,
            'The service report could not be loaded. Please try again.',
          ),
        }),
    );
    return () => {
      current = false;
    };
  }, [key, token]);

  useEffect(() => {
    if (state.kind === 'ready') document.title = `Service Report ${state.report.orderId}`;
  }, [state]);

  return (
    <main className="min-h-screen bg-slate-100 py-6 print:bg-white print:py-0">
      <style>{'@page { size: A4; margin: 12mm; }'}</style>
      <div className="mx-auto max-w-3xl px-4 print:max-w-none print:px-0">
        {state.kind === 'loading' && <Loading label="Loading the service report..." />}
        {state.kind === 'failed' && <Alert>{state.message}</Alert>}
        {state.kind === 'ready' && source && (
          <>
            <div className="mb-4 flex flex-wrap items-start gap-2 print:hidden">
              <Button type="button" onClick={() => window.print()}>
                <Printer className="mr-1.5 h-4 w-4" aria-hidden />
                Print
              </Button>
              <ServiceReportButton source={source} withPageLink={false} />
            </div>
            <ReportSheet report={state.report} />
          </>
        )}
      </div>
    </main>
  );
}

function Heading({ children }: { children: ReactNode }) {
  return (
    <h2 className="mb-2 border-b border-slate-200 pb-1 text-sm font-semibold text-blue-800">
      {children}
    </h2>
  );
}

function Rows({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="text-slate-900">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReportSheet({ report }: { report: ServiceReport }) {
  const businessName = report.business.name || report.branch.name;
  return (
    <article
      aria-label="Service Report"
      className="space-y-6 rounded-xl bg-white p-6 shadow-sm print:rounded-none print:p-0 print:shadow-none"
    >
      <header className="flex flex-wrap justify-between gap-4 border-b-2 border-blue-800 pb-3">
        <div>
          <p className="text-lg font-bold text-slate-900">{businessName}</p>
          {report.business.address && (
            <p className="text-xs text-slate-500">{report.business.address}</p>
          )}
          {report.business.phone && (
            <p className="text-xs text-slate-500">Phone: {formatPhone(report.business.phone)}</p>
          )}
          {report.business.name ? (
            <p className="text-xs text-slate-500">
              Branch: {report.branch.name}
              {report.branch.phone ? ` · ${formatPhone(report.branch.phone)}` : ''}
            </p>
          ) : null}
        </div>
        <div className="text-right">
          <h1 className="text-2xl font-bold text-blue-800">Service Report</h1>
          <p className="text-sm font-semibold text-slate-900">{report.orderId}</p>
          <p className="text-xs text-slate-500">{STATUS_LABELS[report.status] ?? report.status}</p>
          {report.invoiceNumbers.length > 0 && (
            <p className="text-xs text-slate-500">
              {report.invoiceNumbers.length > 1 ? 'Invoices' : 'Invoice'}:{' '}
              {report.invoiceNumbers.join(', ')}
            </p>
          )}
        </div>
      </header>

      <div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <section aria-label="Customer & site">
          <Heading>Customer &amp; site</Heading>
          <Rows
            rows={[
              ['Customer', report.customer.name],
              ['Phone', formatPhone(report.customer.phone)],
              ['Site address', report.customer.siteAddress],
            ]}
          />
        </section>
        <section aria-label="Job">
          <Heading>Job</Heading>
          <Rows
            rows={[
              ['Order', report.orderId],
              ['Project', `${report.projectType} (${report.projectCategory})`],
              ['Work asked for', report.description],
            ]}
          />
        </section>
        <section aria-label="Technician">
          <Heading>Technician</Heading>
          <Rows
            rows={[
              ['Name', report.technician?.name ?? 'Not assigned'],
              ['Phone', formatPhone(report.technician?.phone)],
            ]}
          />
        </section>
        <section aria-label="Times">
          <Heading>Times</Heading>
          <Rows
            rows={[
              ['Created', reportDateTime(report.times.created)],
              ['Assigned', reportDateTime(report.times.assigned)],
              ['Work started', reportDateTime(report.times.started)],
              ['Work completed', reportDateTime(report.times.sentForApproval)],
              ['Approved', reportDateTime(report.times.completed)],
            ]}
          />
        </section>
      </div>

      <section aria-label="Checklist">
        <Heading>Checklist</Heading>
        {report.checklist.length === 0 ? (
          <p className="text-sm text-slate-500">No checklist for this project type.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500">
              <tr>
                <th className="py-1 font-semibold">Check</th>
                <th className="w-40 py-1 font-semibold">Answer</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.checklist.map((item) => (
                <tr key={item.question}>
                  <td className="py-1">
                    {item.question}
                    {item.required ? ' *' : ''}
                  </td>
                  <td
                    className={
                      item.required && (item.answer === null || item.answer === 'no')
                        ? 'py-1 font-semibold text-amber-700'
                        : 'py-1'
                    }
                  >
                    {answerText(item.kind, item.answer)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {report.units.length > 0 && (
        <section aria-label="Installed products">
          <Heading>Installed products</Heading>
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500">
              <tr>
                <th className="py-1 font-semibold">Product</th>
                <th className="py-1 font-semibold">Serial number</th>
                <th className="py-1 font-semibold">Warranty until</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.units.map((unit) => (
                <tr key={unit.serialNumber}>
                  <td className="py-1">{unit.productName}</td>
                  <td className="py-1">{unit.serialNumber}</td>
                  <td className="py-1">
                    {unit.warrantyEnd ? reportDate(unit.warrantyEnd) : 'No warranty'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <section aria-label="Photos">
        <Heading>Photos</Heading>
        {report.photos.length === 0 ? (
          <p className="text-sm text-slate-500">No photos were taken on this job.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 print:grid-cols-3">
            {report.photos.map((photo) => {
              const label = `${STAGE_LABELS[photo.stage] ?? photo.stage}${photo.caption ? `: ${photo.caption}` : ''}`;
              return (
                <li key={photo.id} className="break-inside-avoid">
                  <img
                    src={photo.fileUrl}
                    alt={label}
                    loading="eager"
                    className="aspect-[4/3] w-full rounded border border-slate-200 bg-slate-100 object-contain"
                  />
                  <p className="mt-1 text-xs font-semibold text-slate-900">{label}</p>
                  <p className="text-xs text-slate-500">{reportDateTime(photo.takenAt)}</p>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-label="Customer's signature" className="break-inside-avoid">
        <Heading>Customer&apos;s signature</Heading>
        {report.signature ? (
          <div className="flex flex-wrap items-center gap-6">
            <img
              src={report.signature.fileUrl}
              alt={`Signature of ${report.signature.signerName}`}
              className="h-24 w-64 rounded border border-slate-200 bg-white object-contain"
            />
            <div className="text-sm">
              <p className="font-semibold text-slate-900">{report.signature.signerName}</p>
              <p className="text-slate-500">
                Signed on {reportDateTime(report.signature.signedAt)}
              </p>
              {report.signature.signedBy && (
                <p className="text-slate-500">
                  In the presence of {report.signature.signedBy} (technician)
                </p>
              )}
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-500">The customer has not signed for this job.</p>
        )}
      </section>

      <footer className="border-t border-slate-200 pt-2 text-xs text-slate-400">
        {businessName} · Service report {report.orderId} · made {reportDateTime(report.generatedAt)}
      </footer>
    </article>
  );
}
