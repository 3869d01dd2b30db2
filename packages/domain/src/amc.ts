/**
 * Annual maintenance contracts (issue 23, decision 035): the calendar rules, pure. Every date
 * is a calendar day in India ('YYYY-MM-DD'), read as digits so that no time zone moves it;
 * the server finds 'today' with indiaDate(clock.now()).
 */

/** 1 a year, half-yearly, quarterly, monthly (over a 12-month term). */
export const AMC_VISIT_FREQUENCIES = [1, 2, 4, 12] as const;
export type AmcVisitsPerTerm = (typeof AMC_VISIT_FREQUENCIES)[number];
export const AMC_FREQUENCY_LABELS: Record<AmcVisitsPerTerm, string> = {
  1: 'Yearly',
  2: 'Half-yearly',
  4: 'Quarterly',
  12: 'Monthly',
};
export const AMC_DEFAULT_TERM_MONTHS = 12;
export const AMC_MAX_TERM_MONTHS = 60;
/** A visit's work order is opened this many days before it is due, unless configured. */
export const AMC_DEFAULT_LEAD_DAYS = 7;
/** An active contract ending within this many days is under 'Renewals due'. */
export const AMC_RENEWAL_WINDOW_DAYS = 30;

export const AMC_STATUSES = ['draft', 'active', 'expired', 'cancelled'] as const;
export type AmcStatus = (typeof AMC_STATUSES)[number];
export const AMC_COVERAGES = ['labour', 'labour-and-parts'] as const;
export type AmcCoverage = (typeof AMC_COVERAGES)[number];
export const AMC_BILLINGS = ['upfront', 'instalments'] as const;
export type AmcBilling = (typeof AMC_BILLINGS)[number];

export const AMC_VISIT_STATES = ['upcoming', 'due-soon', 'created', 'overdue', 'done'] as const;
export type AmcVisitState = (typeof AMC_VISIT_STATES)[number];

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(iso: string): { y: number; m: number; d: number } {
  const match = ISO_DAY.exec(iso);
  if (!match) throw new RangeError(`Not a calendar date: '${iso}'`);
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) {
    throw new RangeError(`Not a calendar date: '${iso}'`);
  }
  return { y, m, d };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const format = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** Days of a month (1–12) in a year: 29 February in leap years. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The day `days` after (or before, when negative) an ISO day. */
export function addDays(iso: string, days: number): string {
  const { y, m, d } = parts(iso);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The same day of the month `months` later, clamped to the month's last day: 31 January + 1
 * is 28 (or 29) February, + 2 is 31 March. Always counted from the given day, never chained,
 * so a clamped month does not pull the later ones back.
 */
export function addMonths(iso: string, months: number): string {
  const { y, m, d } = parts(iso);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return format(year, month, Math.min(d, daysInMonth(year, month)));
}

/** Whole days from one ISO day to another (negative if `to` is earlier). */
export function daysFrom(from: string, to: string): number {
  const utc = (iso: string) => {
    const { y, m, d } = parts(iso);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** The contract's last day: the day before the same date `termMonths` later. */
export function contractEndDate(startDate: string, termMonths: number): string {
  return addDays(addMonths(startDate, termMonths), -1);
}

/** A renewal starts the day after the old contract ends. */
export function renewalStartDate(endDate: string): string {
  return addDays(endDate, 1);
}

/** Months between visits, or null when the term does not divide into whole months. */
export function visitIntervalMonths(termMonths: number, visitsPerTerm: number): number | null {
  if (!Number.isInteger(termMonths) || !Number.isInteger(visitsPerTerm)) return null;
  if (termMonths < 1 || visitsPerTerm < 1 || termMonths % visitsPerTerm !== 0) return null;
  return termMonths / visitsPerTerm;
}

export interface VisitSlot {
  number: number;
  dueDate: string;
}

/**
 * The visits of a term: visit n is due n intervals after the start (quarterly from 15 January:
 * 15 April, 15 July, 15 October, 14 January), each counted from the start with month-end
 * clamping, and the last never after the contract's last day.
 */
export function layOutVisits(
  startDate: string,
  termMonths: number,
  visitsPerTerm: number,
): VisitSlot[] {
  const interval = visitIntervalMonths(termMonths, visitsPerTerm);
  if (interval === null) {
    throw new RangeError(`${termMonths} months do not divide into ${visitsPerTerm} visits`);
  }
  const end = contractEndDate(startDate, termMonths);
  const visits: VisitSlot[] = [];
  for (let n = 1; n <= visitsPerTerm; n += 1) {
    const due = addMonths(startDate, n * interval);
    visits.push({ number: n, dueDate: due > end ? end : due });
  }
  return visits;
}

export interface MovableVisit {
  number: number;
  dueDate: string;
  /** A visit whose order is completed cannot move. */
  done: boolean;
}

export type VisitMove =
  | { ok: true; changes: { number: number; from: string; to: string }[] }
  | { ok: false; reason: 'not-found' | 'done' | 'unchanged' | 'before-previous' | 'after-next' };

/**
 * Moves one visit to `to`. Later visits stay where they are, unless `shiftLater`: then every
 * later visit not yet done moves by the same number of days. The order of visits is kept: a
 * visit may not land on or before the one before it, nor (without shifting) on or after the
 * next. The caller checks the contract's own bounds.
 */
export function moveVisit(
  visits: readonly MovableVisit[],
  number: number,
  to: string,
  shiftLater: boolean,
): VisitMove {
  const sorted = [...visits].sort((a, b) => a.number - b.number);
  const index = sorted.findIndex((visit) => visit.number === number);
  const visit = sorted[index];
  if (!visit) return { ok: false, reason: 'not-found' };
  if (visit.done) return { ok: false, reason: 'done' };
  parts(to);
  if (to === visit.dueDate) return { ok: false, reason: 'unchanged' };
  const previous = sorted[index - 1];
  if (previous && to <= previous.dueDate) return { ok: false, reason: 'before-previous' };
  const next = sorted[index + 1];
  if (!shiftLater && next && to >= next.dueDate) return { ok: false, reason: 'after-next' };
  const changes = [{ number, from: visit.dueDate, to }];
  if (shiftLater) {
    const days = daysFrom(visit.dueDate, to);
    for (const later of sorted.slice(index + 1)) {
      if (later.done) continue;
      changes.push({ number: later.number, from: later.dueDate, to: addDays(later.dueDate, days) });
    }
  }
  return { ok: true, changes };
}

export interface VisitFacts {
  dueDate: string;
  /** The status of the visit's work order; null while none was opened. */
  workOrderStatus: string | null;
  /** Marked done before Karya when a back-dated contract was activated. */
  doneBeforeKarya?: boolean;
}

/**
 * Where a visit stands on `today`: done once its order is completed; overdue when its due
 * date has passed and it is not done; created when its order is open; due-soon when its
 * order will be opened (within the lead time); else upcoming.
 */
export function visitState(visit: VisitFacts, today: string, leadDays: number): AmcVisitState {
  if (visit.workOrderStatus === 'completed' || visit.doneBeforeKarya) return 'done';
  if (visit.dueDate < today) return 'overdue';
  if (visit.workOrderStatus !== null) return 'created';
  return daysFrom(today, visit.dueDate) <= leadDays ? 'due-soon' : 'upcoming';
}

/** The last day on which a visit due on `dueDate` is not yet within its lead time. */
export function orderOpensOn(dueDate: string, leadDays: number): string {
  return addDays(dueDate, -leadDays);
}

/** An active contract ending within the renewal window (today or later) is due for renewal. */
export function isRenewalDue(endDate: string, today: string): boolean {
  const left = daysFrom(today, endDate);
  return left >= 0 && left <= AMC_RENEWAL_WINDOW_DAYS;
}

/** The contract price in `count` instalments: equal paise, the remainder on the first. */
export function instalmentAmounts(totalPaise: number, count: number): number[] {
  if (!Number.isInteger(totalPaise) || !Number.isInteger(count) || count < 1) {
    throw new RangeError('instalments need whole paise and a count of 1 or more');
  }
  const each = Math.floor(totalPaise / count);
  const amounts = Array.from({ length: count }, () => each);
  amounts[0] = each + (totalPaise - each * count);
  return amounts;
}

/** The first and last day of `today`'s month, for the month's figures. */
export function monthBounds(today: string): { first: string; last: string } {
  const { y, m } = parts(today);
  return { first: format(y, m, 1), last: format(y, m, daysInMonth(y, m)) };
}

/** What to do with a back-dated contract's visits already due (issue 39 item 7). */
export const PAST_VISIT_CHOICES = ['done-before-karya', 'open-orders'] as const;
export type PastVisitChoice = (typeof PAST_VISIT_CHOICES)[number];
/** What to do with the instalments of those visits. */
export const PAST_INSTALMENT_CHOICES = ['billed-outside', 'issue'] as const;
export type PastInstalmentChoice = (typeof PAST_INSTALMENT_CHOICES)[number];

export interface ActivationTerms {
  startDate: string;
  termMonths: number;
  visitsPerTerm: number;
  billing: 'upfront' | 'instalments';
  pricePaise: number;
}

export interface ActivationChoices {
  pastVisits?: PastVisitChoice | undefined;
  pastInstalments?: PastInstalmentChoice | undefined;
}

export interface ActivationPlan {
  /** Visits due before today: the choice is asked only when there are some. */
  pastVisits: VisitSlot[];
  /** Whether the answer still needs a choice for them, or for their instalments. */
  needsPastVisitsChoice: boolean;
  needsPastInstalmentsChoice: boolean;
  /** Visits whose order opens now (within the lead time, not done before Karya). */
  orders: VisitSlot[];
  /** Visits marked done before Karya: no order ever opens for them. */
  doneBeforeKarya: VisitSlot[];
  /** Invoices issued now, in paise: the term's (upfront) or one per instalment. */
  invoices: { instalment: number; instalments: number; amountPaise: number }[];
  /** Instalments left unissued because they were billed outside Karya. */
  billedOutside: number[];
}

/**
 * What activating a contract today does (issue 39 item 7), before it is done: the screen's
 * confirmation and the server's activation read the same plan. A visit already due is done
 * before Karya or gets its order now; an instalment of such a visit is billed outside Karya
 * or issued now; every visit within the lead time opens its order, and an instalment contract
 * invoices each visit as its order opens.
 */
export function planActivation(
  terms: ActivationTerms,
  today: string,
  leadDays: number,
  choices: ActivationChoices,
): ActivationPlan {
  const visits = layOutVisits(terms.startDate, terms.termMonths, terms.visitsPerTerm);
  const pastVisits = visits.filter((visit) => visit.dueDate < today);
  const instalments = terms.billing === 'instalments';
  const needsPastVisitsChoice = pastVisits.length > 0 && !choices.pastVisits;
  const needsPastInstalmentsChoice =
    pastVisits.length > 0 && instalments && !choices.pastInstalments;
  const isPast = (visit: VisitSlot) => visit.dueDate < today;
  const doneBeforeKarya = choices.pastVisits === 'done-before-karya' ? pastVisits : [];
  const orders = visits.filter(
    (visit) => addDays(today, leadDays) >= visit.dueDate && !doneBeforeKarya.includes(visit),
  );
  const outside = (visit: VisitSlot) =>
    isPast(visit) && choices.pastInstalments === 'billed-outside';
  const amounts = instalmentAmounts(terms.pricePaise, terms.visitsPerTerm);
  const invoices = !instalments
    ? [{ instalment: 1, instalments: 1, amountPaise: terms.pricePaise }]
    : [...doneBeforeKarya, ...orders]
        .filter((visit) => !outside(visit))
        .sort((a, b) => a.number - b.number)
        .map((visit) => ({
          instalment: visit.number,
          instalments: terms.visitsPerTerm,
          amountPaise: amounts[visit.number - 1] ?? 0,
        }));
  return {
    pastVisits,
    needsPastVisitsChoice,
    needsPastInstalmentsChoice,
    orders,
    doneBeforeKarya,
    invoices,
    billedOutside: instalments ? pastVisits.filter(outside).map((visit) => visit.number) : [],
  };
}
