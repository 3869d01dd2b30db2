import {
  AMC_FREQUENCY_LABELS,
  type AmcCoverage,
  type AmcStatus,
  type AmcVisitState,
  layOutVisits,
  type VisitSlot,
  visitIntervalMonths,
} from '@karya/domain/amc';
import type { UpdateValues } from '@karya/domain/customer-updates';
import { dayMonthYear } from '@karya/domain/day-text';
import type { PillTone } from '../../ui/status-pill';

/**
 * How the maintenance-contract screens (issue 23) word and colour what the server answers:
 * pure, so that every screen says the same and the words are tested once.
 */

export const CONTRACT_STATUS_LABELS: Record<AmcStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

export const CONTRACT_STATUS_TONES: Record<AmcStatus, PillTone> = {
  draft: 'slate',
  active: 'green',
  expired: 'amber',
  cancelled: 'red',
};

export const VISIT_STATE_LABELS: Record<AmcVisitState, string> = {
  upcoming: 'Upcoming',
  'due-soon': 'Due soon',
  created: 'Work order created',
  overdue: 'Overdue',
  done: 'Done',
};

export const VISIT_STATE_TONES: Record<AmcVisitState, PillTone> = {
  upcoming: 'slate',
  'due-soon': 'yellow',
  created: 'blue',
  overdue: 'red',
  done: 'green',
};

export const COVERAGE_LABELS: Record<AmcCoverage, string> = {
  labour: 'Labour only',
  'labour-and-parts': 'Labour and listed parts',
};

export const BILLING_LABELS = {
  upfront: 'Upfront: one invoice when activated',
  instalments: 'Instalments: one invoice with each visit',
} as const;

/**
 * The list's views: the four statuses, the active contracts ending within 30 days, and the
 * visits past their date and not done (a list of visits, not of contracts).
 */
export const CONTRACT_VIEWS = [
  'active',
  'overdue',
  'renewals',
  'draft',
  'expired',
  'cancelled',
] as const;
export type ContractView = (typeof CONTRACT_VIEWS)[number];

export const CONTRACT_VIEW_LABELS: Record<ContractView, string> = {
  active: 'Active',
  overdue: 'Overdue visits',
  renewals: 'Renewals due',
  draft: 'Draft',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** What each view says when it holds nothing: what it is for and how a contract gets there. */
export const EMPTY_VIEW_TEXT: Record<ContractView, { title: string; description: string }> = {
  active: {
    title: 'No active contracts',
    description:
      'A contract is active once it is activated. Create one with New contract, or from a completed installation with Offer AMC.',
  },
  overdue: {
    title: 'No overdue visits',
    description:
      'Every visit due so far is done. A visit past its date and not completed shows here.',
  },
  renewals: {
    title: 'No renewals due',
    description: 'Active contracts ending within the next 30 days are listed here.',
  },
  draft: {
    title: 'No draft contracts',
    description: 'A new contract stays a draft until you activate it.',
  },
  expired: {
    title: 'No expired contracts',
    description: 'Contracts whose term has ended are listed here.',
  },
  cancelled: { title: 'No cancelled contracts', description: 'Cancelled contracts are kept here.' },
};

/** A view as a ?view= of the page; anything else is the first view. */
export function contractViewOf(value: string | null): ContractView {
  return CONTRACT_VIEWS.find((view) => view === value) ?? 'active';
}

/** '05 Apr 2026', or '—' when there is no day. */
export function dayText(iso: string | null | undefined): string {
  if (!iso) return '—';
  try {
    return dayMonthYear(iso, ' ');
  } catch {
    return '—';
  }
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'November 2026' from '2026-11' (or any day of it); the text itself when it is neither. */
export function monthText(month: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

/** '01 Jan 2026 – 31 Dec 2026'. */
export function termText(startDate: string, endDate: string): string {
  return `${dayText(startDate)} – ${dayText(endDate)}`;
}

/** 'Quarterly', or '3 visits' for a count the screens do not name. */
export function frequencyText(visitsPerTerm: number): string {
  return (
    AMC_FREQUENCY_LABELS[visitsPerTerm as keyof typeof AMC_FREQUENCY_LABELS] ??
    `${visitsPerTerm} visits`
  );
}

/** 'Quarterly (4 visits)'; one visit is just 'Yearly (1 visit)'. */
export function frequencyWithCount(visitsPerTerm: number): string {
  return `${frequencyText(visitsPerTerm)} (${visitsPerTerm} ${visitsPerTerm === 1 ? 'visit' : 'visits'})`;
}

export const TERM_OPTIONS = [12, 24, 36] as const;

/** '12 months', '1 month'. */
export function termMonthsText(months: number): string {
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

/**
 * The visit dates a new contract would have, before it is saved: the domain's own layout, or
 * null with why when the inputs do not make a term yet.
 */
export function previewVisits(
  startDate: string,
  termMonths: number,
  visitsPerTerm: number,
): { visits: VisitSlot[] } | { problem: string } {
  if (!startDate) return { problem: 'Pick a start date to see the visit dates.' };
  if (visitIntervalMonths(termMonths, visitsPerTerm) === null) {
    return {
      problem: `${termMonthsText(termMonths)} do not divide into ${visitsPerTerm} visits.`,
    };
  }
  try {
    return { visits: layOutVisits(startDate, termMonths, visitsPerTerm) };
  } catch {
    return { problem: 'Enter the start date as a calendar date.' };
  }
}

/** The date a visit is moved to must be a calendar day and different from where it is. */
export function moveProblem(from: string, to: string, reason: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(to)) return 'Pick the new date.';
  if (to === from) return 'Pick a date other than the visit’s current one.';
  if (reason.trim() === '') return 'Say why the visit moves.';
  return null;
}

/** What a renewal reminder is filled from: a contract as its page reads it. */
export interface RenewalFacts {
  contractNumber: string;
  projectType: string;
  endDate: string;
  /** Rupees. */
  price: number;
  priceIncludesTax: boolean;
  customer: { name: string };
  branch: { name: string };
  installation: { orderId: string } | null;
}

/**
 * The values the 'Maintenance contract renewal' customer update is filled with: the price
 * with '+ GST' when GST comes on top, and the installation's order when there is one (its
 * line is left out otherwise).
 */
export function renewalValuesOf(
  contract: RenewalFacts,
  formatMoney: (rupees: number) => string,
): UpdateValues {
  return {
    customerName: contract.customer.name,
    contractNumber: contract.contractNumber,
    projectType: contract.projectType || null,
    orderId: contract.installation?.orderId ?? null,
    branchName: contract.branch.name,
    endDate: dayText(contract.endDate),
    amount: `${formatMoney(contract.price)}${contract.priceIncludesTax ? '' : ' + GST'}`,
  };
}

/** '1 day', '12 days'. */
export function daysText(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}
