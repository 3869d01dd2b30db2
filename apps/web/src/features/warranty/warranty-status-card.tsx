import { formatDate } from '@karya/domain/format';
import { formatPhone } from '@karya/domain/phone-rules';
import { warrantyDays } from '@karya/domain/warranty';
import type { WarrantyStatus } from '@karya/domain/warranty-schemas';
import { ShieldAlert, ShieldCheck, ShieldOff, ShieldQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { rupees } from '../../lib/money';
import {
  locationLabel,
  type WarrantyFacts,
  type WarrantyTone,
  warrantyVerdict,
} from './warranty-display';

const TONES: Record<WarrantyTone, { box: string; Icon: typeof ShieldCheck }> = {
  valid: {
    box: 'border-green-200 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950/60 dark:text-green-100',
    Icon: ShieldCheck,
  },
  expired: {
    box: 'border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100',
    Icon: ShieldAlert,
  },
  none: {
    box: 'border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100',
    Icon: ShieldOff,
  },
  'not-installed': {
    box: 'border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200',
    Icon: ShieldQuestion,
  },
};

/** The verdict alone: green under warranty, red expired or none (issue 13). */
export function WarrantyVerdictBanner({ status }: { status: WarrantyStatus }) {
  const verdict = warrantyVerdict(status);
  const { box, Icon } = TONES[verdict.tone];
  return (
    <section
      aria-label="Warranty status"
      data-tone={verdict.tone}
      className={cx('flex items-start gap-3 rounded-lg border p-3', box)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
      <div className="min-w-0">
        <p className="text-base font-semibold">{verdict.label}</p>
        <p className="text-sm">{verdict.detail}</p>
      </div>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900 dark:text-slate-100">
        {children || '—'}
      </dd>
    </div>
  );
}

/**
 * Spec 2 §3 'Product details (warranty)' and the computed warranty: the one card the desk's
 * Replacement Warranty screen, the unit record and the technician's Check Warranty all show.
 * Its colours follow the technician dashboard's dark theme where that is on.
 */
export function WarrantyStatusCard({
  status,
  actions,
  showBranch = false,
}: {
  status: WarrantyStatus;
  /** Buttons under the details (Register Issue, View Unit Record…). */
  actions?: ReactNode;
  /** Admins read every branch, so the card says whose unit it is. */
  showBranch?: boolean;
}) {
  const periodDays = warrantyDays(status.warranty);
  return (
    <article
      aria-label={`Product details ${status.serialNumber}`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800"
    >
      <h3 className="text-base font-semibold break-words text-slate-900 dark:text-slate-50">
        {status.productName}
      </h3>
      <WarrantyVerdictBanner status={status} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
        <Detail label="Serial Number">
          <span className="font-mono break-all">{status.serialNumber}</span>
        </Detail>
        <Detail label="Product">{status.productName}</Detail>
        <Detail label="Price">{rupees(status.price)}</Detail>
        <Detail label="Installation Date">{formatDate(status.installationDate)}</Detail>
        <Detail label="Warranty">{status.warranty}</Detail>
        <Detail label="Expiry Date">
          {formatDate(status.expiryDate)}
          {status.expiryDate && periodDays ? (
            // A year counts 365 days (spec 2 §5): without the count, a 2-year unit ending a day
            // 'early' beside a 1-year one looks like a mistake.
            <span className="block text-xs text-slate-500 dark:text-slate-400">
              Warranty: {periodDays} days
            </span>
          ) : null}
        </Detail>
        <Detail label="Technician">{status.technicianName}</Detail>
        <Detail label="Customer">
          {status.customerName ? (
            <>
              {status.customerName}
              {status.customerPhone ? (
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {formatPhone(status.customerPhone)}
                </span>
              ) : null}
            </>
          ) : null}
        </Detail>
        <Detail label="Work Order">{status.workOrderId}</Detail>
        <Detail label="Now">{locationLabel(status.location)}</Detail>
        {showBranch ? <Detail label="Branch">{status.branchName}</Detail> : null}
      </dl>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </article>
  );
}

const PILL_TONES: Record<WarrantyTone, string> = {
  valid: 'bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-200',
  expired: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200',
  none: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200',
  'not-installed': 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};

/** The verdict in a table cell: the label, and the expiry date under it. */
export function WarrantyPill({ facts }: { facts: WarrantyFacts }) {
  const verdict = warrantyVerdict(facts);
  return (
    <div>
      <span
        className={cx(
          'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
          PILL_TONES[verdict.tone],
        )}
      >
        {verdict.label}
      </span>
      {facts.expiryDate ? (
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
          {verdict.tone === 'valid' ? 'until' : 'on'} {formatDate(facts.expiryDate)}
        </p>
      ) : null}
    </div>
  );
}
