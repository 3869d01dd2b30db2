import { DEFAULT_UPDATE_LANGUAGE, type UpdateLanguage } from '@karya/domain/customer-updates';
import { dayMonthYear } from '@karya/domain/day-text';
import { formatDate, formatDateTime } from '@karya/domain/format';
import type { JobStatus } from '@karya/domain/job-status';
import { formatRupees, toPaise } from '@karya/domain/money';
import { formatPhone } from '@karya/domain/phone-rules';
import { clockText, indiaClockOf, indiaDayOf } from '@karya/domain/schedule';
import { Phone } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import {
  BusinessHeading,
  LanguageSwitch,
  Section,
  storedLanguage,
} from '../../shared/public-page-parts';
import { ServiceReportButton } from '../../shared/service-report-button';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Loading } from '../../ui/spinner';
import { getJobStatus } from './api/job-status';
import { ComplaintForm } from './complaint-form';
import { InvoiceDownloadButton } from './invoice-download-button';
import { JOB_STATUS_TEXT, type JobStatusText } from './job-status-text';

/** The customer's own choice on this phone for this link, over the language the shop has. */
const languageKeyOf = (token: string) => `karya.jobStatusLanguage.${token}`;

const rupees = (amount: number) => formatRupees(toPaise(amount));

type Load =
  | { state: 'loading' }
  | { state: 'ready'; job: JobStatus }
  | { state: 'failed'; message: string; retry: boolean };

/**
 * /s/:token — the customer's page of one job (issue 21): no login, phone first, in Hinglish
 * or English. What it shows comes from the server's answer for the token alone.
 */
export function JobStatusPage() {
  const { token = '' } = useParams();
  const [chosen, setChosen] = useState<UpdateLanguage | null>(() =>
    storedLanguage(languageKeyOf(token)),
  );
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // The page opens in the customer's preferred language (issue 21) until they switch it.
  const language =
    chosen ?? (load.state === 'ready' ? load.job.language : null) ?? DEFAULT_UPDATE_LANGUAGE;
  const text = JOB_STATUS_TEXT[language];

  const fetchJob = useCallback(() => {
    setLoad({ state: 'loading' });
    getJobStatus(token).then(
      (job) => setLoad({ state: 'ready', job }),
      (failure: unknown) =>
        setLoad({
          state: 'failed',
          message: failure instanceof Error ? failure.message : String(failure),
          // A dead link stays dead; a network error or a busy server may pass.
          retry: !(failure instanceof ApiError && failure.status === 404),
        }),
    );
  }, [token]);
  useEffect(fetchJob, [fetchJob]);

  function choose(next: UpdateLanguage) {
    localStorage.setItem(languageKeyOf(token), next);
    setChosen(next);
  }

  return (
    <main className="min-h-dvh bg-slate-50 pb-10" lang={language === 'en' ? 'en-IN' : 'hi-Latn'}>
      <title>
        {load.state === 'ready'
          ? `${load.job.orderId} · ${load.job.business.name || load.job.branch.name}`
          : 'Karya'}
      </title>
      <meta name="robots" content="noindex, nofollow" />
      <header className="flex items-center justify-between gap-3 bg-white px-4 py-3 shadow-sm">
        {load.state === 'ready' ? (
          <BusinessHeading business={load.job.business} branch={load.job.branch} />
        ) : (
          <p className="text-base font-semibold text-slate-900">Karya</p>
        )}
        <LanguageSwitch language={language} onChoose={choose} />
      </header>
      <div className="mx-auto max-w-lg space-y-4 px-4 pt-4">
        {load.state === 'loading' && <Loading label={text.loading} />}
        {load.state === 'failed' && (
          <div className="space-y-3">
            <Alert>{load.message}</Alert>
            {load.retry && (
              <Button variant="secondary" onClick={fetchJob}>
                {text.retry}
              </Button>
            )}
          </div>
        )}
        {load.state === 'ready' && <JobView job={load.job} text={text} token={token} />}
      </div>
    </main>
  );
}

function CallLink({ phone, label }: { phone: string; label: string }) {
  return (
    <a
      href={`tel:${phone.replace(/[^\d+]/g, '')}`}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-blue-600 px-4 text-sm font-medium text-white"
    >
      <Phone aria-hidden="true" className="size-4" />
      {label}
    </a>
  );
}

/** 'Tue 02 Mar 2027, arriving between 10:30 am and 12:30 pm', by India's clock. */
function visitText(visit: NonNullable<JobStatus['visit']>, text: JobStatusText): string {
  const start = new Date(visit.start);
  const day = dayMonthYear(indiaDayOf(start), ' ');
  return visit.window
    ? text.visitWindow(day, clockText(visit.window.start), clockText(visit.window.end))
    : text.visitAt(day, clockText(indiaClockOf(start)));
}

function JobView({ job, text, token }: { job: JobStatus; text: JobStatusText; token: string }) {
  return (
    <>
      <section className="rounded-xl bg-white p-4 shadow-sm">
        <p className="text-sm text-slate-500">
          {text.order} {job.orderId}
        </p>
        <h1 className="mt-1 text-xl font-semibold text-slate-900">{job.projectType}</h1>
        <p className="mt-2 inline-block rounded-full bg-blue-50 px-3 py-1 text-sm font-medium text-blue-800">
          {text.status[job.status]}
        </p>
        {job.branch.phone && (
          <div className="mt-3">
            <CallLink phone={job.branch.phone} label={`${text.call} ${job.branch.name}`} />
          </div>
        )}
      </section>

      {job.visit ? (
        <Section title={text.visit}>
          <p className="font-medium text-slate-900" data-testid="visit">
            {visitText(job.visit, text)}
          </p>
        </Section>
      ) : job.visitDue ? (
        <Section title={text.visit}>
          <p className="font-medium text-slate-900" data-testid="visit">
            {text.visitDue(dayMonthYear(job.visitDue, ' '))}
          </p>
        </Section>
      ) : null}

      {job.technician && (
        <Section title={text.technician}>
          <div className="flex items-center justify-between gap-3">
            <div>
              <p className="font-medium text-slate-900">{job.technician.name}</p>
              <p className="text-sm text-slate-600">{formatPhone(job.technician.phone)}</p>
            </div>
            {job.technician.phone && <CallLink phone={job.technician.phone} label={text.call} />}
          </div>
        </Section>
      )}

      <Section title={text.steps}>
        <ol className="space-y-2">
          {job.timeline.map((step) => (
            <li key={`${step.status}-${step.at}`} className="flex justify-between gap-3 text-sm">
              <span className="text-slate-900">{text.status[step.status]}</span>
              <span className="shrink-0 text-slate-500">{formatDateTime(step.at)}</span>
            </li>
          ))}
        </ol>
      </Section>

      {(job.status === 'pending-approval' || job.status === 'completed') && (
        <Section title={text.serviceReport}>
          <p className="mb-3 text-sm text-slate-600">{text.serviceReportHelp}</p>
          <ServiceReportButton
            source={{ token }}
            text={{
              label: text.downloadServiceReport,
              downloading: text.preparingReport,
              leftOut: text.pdfLeftOut,
              imagesMissing: text.reportImagesMissing,
              failed: text.reportFailed,
              printable: text.reportPage,
            }}
          />
        </Section>
      )}

      {job.invoices.length > 0 && (
        <Section title={text.invoices}>
          <ul className="space-y-4">
            {job.invoices.map((invoice) => (
              <li key={invoice.id} className="space-y-1 text-sm">
                <p className="flex justify-between font-medium text-slate-900">
                  <span>{invoice.number}</span>
                  <span>{formatDate(invoice.date)}</span>
                </p>
                {invoice.cancelled ? (
                  <p className="text-red-700">{text.cancelled}</p>
                ) : (
                  <>
                    <p className="flex justify-between">
                      <span>{text.invoiceTotal}</span>
                      <span>{rupees(invoice.total)}</span>
                    </p>
                    <p className="flex justify-between">
                      <span>{text.paid}</span>
                      <span>{rupees(invoice.paidAmount)}</span>
                    </p>
                    {invoice.dueAmount > 0 ? (
                      <p className="flex justify-between font-semibold text-amber-800">
                        <span>{text.due}</span>
                        <span>{rupees(invoice.dueAmount)}</span>
                      </p>
                    ) : (
                      <p className="text-green-700">{text.nothingDue}</p>
                    )}
                    {invoice.dueUpiLink && (
                      <a
                        href={invoice.dueUpiLink}
                        className="mt-2 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-green-600 px-4 font-medium text-white"
                      >
                        {text.payByUpi(rupees(invoice.dueAmount))}
                      </a>
                    )}
                  </>
                )}
                <InvoiceDownloadButton token={token} invoiceId={invoice.id} text={text} />
              </li>
            ))}
          </ul>
        </Section>
      )}

      {job.units.length > 0 && (
        <Section title={text.units}>
          <ul className="space-y-3">
            {job.units.map((unit) => (
              <li key={unit.serialNumber} className="text-sm">
                <p className="font-medium text-slate-900">{unit.productName}</p>
                <p className="text-slate-600">
                  {text.serial} {unit.serialNumber}
                </p>
                <p className={unit.underWarranty ? 'text-green-700' : 'text-slate-500'}>
                  {unit.expiryDate === null
                    ? text.noWarranty
                    : unit.underWarranty
                      ? text.warrantyUntil(formatDate(unit.expiryDate))
                      : text.warrantyOver}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {job.canRaiseComplaint && (
        <Section title={text.complaintTitle}>
          <ComplaintForm token={token} text={text} />
        </Section>
      )}
    </>
  );
}

/**
 * The business as its invoices show it, logo and trade name, with the branch beneath
 * (issue 39 item 12); the branch alone until the profile is filled in.
 */
