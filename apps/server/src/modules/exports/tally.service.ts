import { addDays } from '@karya/domain/amc';
import { EXPORT_MESSAGES, type TallyQuery } from '@karya/domain/export-schemas';
import { daysBetween, stateName } from '@karya/domain/gst';
import {
  DEFAULT_TALLY_LEDGERS,
  TALLY_HEAD,
  TALLY_TAIL,
  type TallyLedgers,
  type TallyLine,
  type TallyParty,
  type TallyVoucher,
  tallyMessages,
} from '@karya/domain/tally-xml';
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import {
  amcLinesOf,
  billLinesOf,
  creditNoteLinesOf,
  creditNotesIn,
  invoicesIn,
  type LineRow,
  moneyIn,
  profileLedgers,
  type TallyWindow,
} from './tally.queries';

/** A year of vouchers, a leap year's included: both ends count. */
export const MAX_TALLY_DAYS = 366;

/** A calendar day that exists: '2026-02-30' matches the pattern but is no date. */
function isRealDay(iso: string): boolean {
  const day = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === iso;
}

/** The range asked, refused with a 400 unless both are real days at most a year apart. */
export function tallyWindowOf(query: TallyQuery, branchId: string | undefined): TallyWindow {
  for (const field of ['from', 'to'] as const) {
    if (!isRealDay(query[field]))
      throw badRequest(EXPORT_MESSAGES.tallyRange, [
        { field, message: EXPORT_MESSAGES.tallyRange },
      ]);
  }
  if (daysBetween(query.from, query.to) + 1 > MAX_TALLY_DAYS)
    throw badRequest(EXPORT_MESSAGES.tallyRangeTooLong, [
      { field: 'to', message: EXPORT_MESSAGES.tallyRangeTooLong },
    ]);
  return { from: query.from, to: query.to, branchId };
}

/** The profile's ledger names; a blank one, or no profile yet, is Tally's usual name. */
export async function tallyLedgers(db: Database): Promise<TallyLedgers> {
  const profile = await profileLedgers(db);
  const ledgers = { ...DEFAULT_TALLY_LEDGERS };
  for (const key of Object.keys(ledgers) as (keyof TallyLedgers)[]) {
    const name = profile?.[key]?.trim();
    if (name) ledgers[key] = name;
  }
  return ledgers;
}

const paise = (value: string | number) => Number(value);

/** The party as the invoice printed it: its recipient's name, GSTIN and state. */
function partyOf(recipient: unknown, customerName: string | null = null): TallyParty {
  const printed = (typeof recipient === 'string' ? JSON.parse(recipient) : recipient) as {
    name?: string;
    gstin?: string | null;
    state?: { code?: string; name?: string } | null;
  } | null;
  const name = printed?.name?.trim() || customerName?.trim() || 'Cash customer';
  return {
    name,
    gstin: printed?.gstin || null,
    state: printed?.state?.name ?? stateName(printed?.state?.code) ?? null,
  };
}

function linesByOwner(rows: readonly LineRow[]): Map<string, TallyLine[]> {
  const byOwner = new Map<string, TallyLine[]>();
  for (const row of rows) {
    const lines = byOwner.get(row.ownerId) ?? [];
    lines.push({
      name: row.name,
      hsnSac: row.hsnSac,
      quantity: Number(row.quantity),
      unit: row.unit,
      gstRateBp: row.gstRateBp === null ? null : Number(row.gstRateBp),
      taxablePaise: paise(row.taxable),
    });
    byOwner.set(row.ownerId, lines);
  }
  return byOwner;
}

/** Same day: the sale before the money, the credit note after both. */
const ORDER: Readonly<Record<TallyVoucher['kind'], number>> = {
  sales: 0,
  receipt: 1,
  'credit-note': 2,
  refund: 3,
};

/**
 * The range's documents as vouchers (docs/tally-export.md): each invoice as issued (a
 * cancelled one that no credit note reverses as Tally's cancelled voucher), each credit note
 * dated in the range, each receipt and refund.
 */
export async function tallyVouchers(db: Database, window: TallyWindow): Promise<TallyVoucher[]> {
  const [invoices, notes, money] = await Promise.all([
    invoicesIn(db, window),
    creditNotesIn(db, window),
    moneyIn(db, window),
  ]);
  const billIds = invoices.filter((row) => row.source === 'bill').map((row) => row.id);
  const amcIds = invoices.filter((row) => row.source === 'amc').map((row) => row.id);
  const [billLines, amcLines, noteLines] = await Promise.all([
    billLinesOf(db, billIds),
    amcLinesOf(db, amcIds),
    creditNoteLinesOf(
      db,
      notes.map((note) => note.id),
    ),
  ]);
  const invoiceLines = linesByOwner([...billLines, ...amcLines]);
  const creditLines = linesByOwner(noteLines);
  const vouchers: TallyVoucher[] = [
    ...invoices.map(
      (row): TallyVoucher => ({
        kind: 'sales',
        cancelled: row.cancelled && !row.hasCreditNote,
        cancellationReason: row.cancellationReason,
        number: row.invoiceNumber,
        date: row.invoiceDate,
        party: partyOf(row.recipient),
        placeOfSupply: stateName(row.placeOfSupply),
        lines: invoiceLines.get(row.id) ?? [],
        cgstPaise: paise(row.cgst),
        sgstPaise: paise(row.sgst),
        igstPaise: paise(row.igst),
        totalPaise: paise(row.total),
      }),
    ),
    ...notes.map(
      (row): TallyVoucher => ({
        kind: 'credit-note',
        number: row.number,
        date: row.date,
        invoiceNumber: row.invoiceNumber,
        invoiceDate: row.invoiceDate,
        reason: row.reason,
        party: partyOf(row.recipient),
        placeOfSupply: stateName(row.placeOfSupply),
        lines: creditLines.get(row.id) ?? [],
        cgstPaise: paise(row.cgst),
        sgstPaise: paise(row.sgst),
        igstPaise: paise(row.igst),
        totalPaise: paise(row.total),
      }),
    ),
    ...money.map(
      (row): TallyVoucher => ({
        kind: row.kind,
        number: row.number,
        date: row.day,
        party: partyOf(row.recipient, row.customerName),
        amountPaise: paise(row.amount),
        method: row.method,
        invoiceNumber: row.invoiceNumber,
        transactionId: row.transactionId,
      }),
    ),
  ];
  return vouchers.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      ORDER[a.kind] - ORDER[b.kind] ||
      a.number.localeCompare(b.number),
  );
}

/** Days read at a time: a week of a busy shop's documents is a few hundred vouchers. */
const DAYS_A_RUN = 7;

/**
 * The Tally file, written a week of documents at a time (a year of invoices is never held
 * whole), until the range ends or the client leaves.
 */
export async function* tallyExport(
  db: Database,
  window: TallyWindow,
  signal: AbortSignal,
): AsyncGenerator<string> {
  const ledgers = await tallyLedgers(db);
  const known = new Set<string>();
  yield TALLY_HEAD;
  for (let from = window.from; from <= window.to; from = addDays(from, DAYS_A_RUN)) {
    if (signal.aborted) return;
    const last = addDays(from, DAYS_A_RUN - 1);
    const run = { ...window, from, to: last < window.to ? last : window.to };
    const vouchers = await tallyVouchers(db, run);
    if (vouchers.length > 0) yield tallyMessages(vouchers, ledgers, known);
  }
  yield TALLY_TAIL;
}

/** 'karya-tally-2026-11-01-to-2026-11-30.xml'. */
export const tallyFileName = (window: TallyWindow) =>
  `karya-tally-${window.from}-to-${window.to}.xml`;
