import type { PaymentMethod } from './payment-methods';
import { rupeesDecimal } from './rupees-decimal';

/**
 * Karya's invoices, receipts, credit notes and refunds as a Tally Prime import file (issue
 * 36): one ENVELOPE of 'Import Data' / 'Vouchers', the party ledgers first (so a month imports
 * in one step into a company that has never seen the customer), then one VOUCHER per
 * document in date order. The mapping is written down in docs/tally-export.md.
 *
 * Tally's sign rule: a debit is a negative AMOUNT with ISDEEMEDPOSITIVE Yes, a credit a
 * positive AMOUNT with ISDEEMEDPOSITIVE No; a voucher balances when its amounts add to zero.
 * Every amount is built from whole paise, never from a float, so what Tally books equals the
 * invoice to the paisa.
 */

/** The ledger names of the Business Profile's Tally fields (migration 0035). */
export interface TallyLedgers {
  sales: string;
  cgst: string;
  sgst: string;
  igst: string;
  roundOff: string;
  cash: string;
  bank: string;
}

export const DEFAULT_TALLY_LEDGERS: Readonly<TallyLedgers> = {
  sales: 'Sales',
  cgst: 'CGST',
  sgst: 'SGST',
  igst: 'IGST',
  roundOff: 'Round Off',
  cash: 'Cash',
  bank: 'Bank',
};

/** The customer as the invoice printed them: the party ledger's name, GSTIN and state. */
export interface TallyParty {
  name: string;
  gstin: string | null;
  /** The state's name as Tally lists it ('Karnataka'), or null when not known. */
  state: string | null;
}

/** One priced line of an invoice or credit note: booked to the sales ledger at its taxable value. */
export interface TallyLine {
  name: string;
  hsnSac: string | null;
  quantity: number;
  unit: string;
  /** Basis points (1800 = 18 %); null when no rate was charged. */
  gstRateBp: number | null;
  taxablePaise: number;
}

interface TallyTaxedDocument {
  number: string;
  /** India's day, 'YYYY-MM-DD'. */
  date: string;
  party: TallyParty;
  /** The place of supply's state name, or null when not known. */
  placeOfSupply: string | null;
  lines: readonly TallyLine[];
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** The rounded total the customer was asked for. */
  totalPaise: number;
}

export interface TallySalesVoucher extends TallyTaxedDocument {
  kind: 'sales';
  /**
   * A cancelled invoice that no credit note reverses (a Bill of Supply, or one cancelled
   * before decision 041): Tally's cancelled voucher keeps the number and carries no amount.
   */
  cancelled: boolean;
  cancellationReason?: string | null;
}

/** The credit note reversing a cancelled Tax Invoice (decision 041), amounts positive as stored. */
export interface TallyCreditNoteVoucher extends TallyTaxedDocument {
  kind: 'credit-note';
  invoiceNumber: string;
  invoiceDate: string;
  reason: string;
}

/** Money received against an invoice (a receipt), or given back on a cancelled one (a refund). */
export interface TallyMoneyVoucher {
  kind: 'receipt' | 'refund';
  number: string;
  date: string;
  party: TallyParty;
  amountPaise: number;
  method: PaymentMethod;
  /** The invoice the money was received or refunded against. */
  invoiceNumber: string;
  transactionId: string | null;
}

export type TallyVoucher = TallySalesVoucher | TallyCreditNoteVoucher | TallyMoneyVoucher;

/** A ledger entry before it is written: the ledger, signed paise (debit negative), a bill reference. */
interface Entry {
  ledger: string;
  paise: number;
  party?: boolean;
  bill?: { name: string; type: 'New Ref' | 'Agst Ref' };
}

const INVALID_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text safe inside an element or a double-quoted attribute; characters XML 1.0 cannot hold are dropped. */
export function xmlText(text: string): string {
  return text
    .replace(INVALID_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** 'YYYY-MM-DD' → Tally's 'YYYYMMDD'. */
export const tallyDate = (isoDay: string) => isoDay.replaceAll('-', '');

/** Signed paise as Tally's amount: rupees with two decimals, debit negative. */
export const tallyAmount = (paise: number) => rupeesDecimal(paise);

/** Online payments land in the bank (UPI, card, transfer); cash in the cash ledger. */
export const moneyLedgerOf = (method: PaymentMethod, ledgers: TallyLedgers) =>
  method === 'cash' ? ledgers.cash : ledgers.bank;

const tag = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;

function entryXml(entry: Entry): string {
  const debit = entry.paise < 0;
  const bill = entry.bill
    ? [
        '<BILLALLOCATIONS.LIST>',
        tag('NAME', entry.bill.name),
        tag('BILLTYPE', entry.bill.type),
        tag('AMOUNT', tallyAmount(entry.paise)),
        '</BILLALLOCATIONS.LIST>',
      ].join('')
    : '';
  return [
    '<ALLLEDGERENTRIES.LIST>',
    tag('LEDGERNAME', entry.ledger),
    tag('ISDEEMEDPOSITIVE', debit ? 'Yes' : 'No'),
    tag('ISPARTYLEDGER', entry.party ? 'Yes' : 'No'),
    tag('AMOUNT', tallyAmount(entry.paise)),
    bill,
    '</ALLLEDGERENTRIES.LIST>',
  ].join('');
}

/** 'CCTV camera (HSN 8525, 2 Nos @ 18%)': what a line was, in the voucher's narration. */
function lineText(line: TallyLine): string {
  const parts = [
    line.hsnSac ? `HSN/SAC ${line.hsnSac}` : null,
    `${line.quantity} ${line.unit}`,
    line.gstRateBp === null ? null : `@ ${line.gstRateBp / 100}%`,
  ].filter(Boolean);
  return `${line.name} (${parts.join(', ')})`;
}

/**
 * The credit side of a sale: each line to the sales ledger, the tax heads, and the round-off
 * as whatever makes the lines and heads add to the printed total (the invoice's own round-off
 * when its figures agree, as Karya's always do), so the voucher balances by construction.
 */
function saleCredits(doc: TallyTaxedDocument, ledgers: TallyLedgers): Entry[] {
  const entries: Entry[] = doc.lines.map((line) => ({
    ledger: ledgers.sales,
    paise: line.taxablePaise,
  }));
  const heads: [string, number][] = [
    [ledgers.cgst, doc.cgstPaise],
    [ledgers.sgst, doc.sgstPaise],
    [ledgers.igst, doc.igstPaise],
  ];
  for (const [ledger, paise] of heads) if (paise !== 0) entries.push({ ledger, paise });
  const credited = entries.reduce((sum, entry) => sum + entry.paise, 0);
  const roundOff = doc.totalPaise - credited;
  if (roundOff !== 0) entries.push({ ledger: ledgers.roundOff, paise: roundOff });
  return entries;
}

function entriesOf(voucher: TallyVoucher, ledgers: TallyLedgers): Entry[] {
  switch (voucher.kind) {
    case 'sales': {
      if (voucher.cancelled) return [];
      return [
        {
          ledger: voucher.party.name,
          paise: -voucher.totalPaise,
          party: true,
          bill: { name: voucher.number, type: 'New Ref' },
        },
        ...saleCredits(voucher, ledgers),
      ];
    }
    case 'credit-note':
      // The sale turned round: the party is credited, sales, tax and round-off debited.
      return [
        {
          ledger: voucher.party.name,
          paise: voucher.totalPaise,
          party: true,
          bill: { name: voucher.invoiceNumber, type: 'Agst Ref' },
        },
        ...saleCredits(voucher, ledgers).map((entry) => ({ ...entry, paise: -entry.paise })),
      ];
    case 'receipt':
      return [
        { ledger: moneyLedgerOf(voucher.method, ledgers), paise: -voucher.amountPaise },
        {
          ledger: voucher.party.name,
          paise: voucher.amountPaise,
          party: true,
          bill: { name: voucher.invoiceNumber, type: 'Agst Ref' },
        },
      ];
    case 'refund':
      return [
        {
          ledger: voucher.party.name,
          paise: -voucher.amountPaise,
          party: true,
          bill: { name: voucher.invoiceNumber, type: 'Agst Ref' },
        },
        { ledger: moneyLedgerOf(voucher.method, ledgers), paise: voucher.amountPaise },
      ];
  }
}

const VOUCHER_TYPES = {
  sales: 'Sales',
  'credit-note': 'Credit Note',
  receipt: 'Receipt',
  refund: 'Payment',
} as const;

function narrationOf(voucher: TallyVoucher): string {
  switch (voucher.kind) {
    case 'sales': {
      const lines = voucher.lines.map(lineText).join('; ');
      if (!voucher.cancelled) return lines;
      const why = voucher.cancellationReason ? `: ${voucher.cancellationReason}` : '';
      return `Cancelled${why}`;
    }
    case 'credit-note':
      return `Credit note for ${voucher.invoiceNumber} of ${voucher.invoiceDate}: ${voucher.reason}`;
    case 'receipt':
    case 'refund': {
      const what = voucher.kind === 'receipt' ? 'Received against' : 'Refunded on cancelled';
      const txn = voucher.transactionId ? ` (UPI ${voucher.transactionId})` : '';
      return `${what} ${voucher.invoiceNumber}${txn}`;
    }
  }
}

/** The sum of a voucher's amounts in paise: 0 for every voucher this module writes. */
export function voucherBalance(voucher: TallyVoucher, ledgers: TallyLedgers): number {
  return entriesOf(voucher, ledgers).reduce((sum, entry) => sum + entry.paise, 0);
}

function voucherXml(voucher: TallyVoucher, ledgers: TallyLedgers): string {
  const type = VOUCHER_TYPES[voucher.kind];
  const taxed = voucher.kind === 'sales' || voucher.kind === 'credit-note';
  const party = voucher.party;
  const fields = [
    tag('DATE', tallyDate(voucher.date)),
    tag('VOUCHERTYPENAME', type),
    tag('VOUCHERNUMBER', voucher.number),
    voucher.kind === 'credit-note' ? tag('REFERENCE', voucher.invoiceNumber) : '',
    voucher.kind === 'credit-note' ? tag('REFERENCEDATE', tallyDate(voucher.invoiceDate)) : '',
    tag('PARTYLEDGERNAME', party.name),
    taxed ? tag('PARTYNAME', party.name) : '',
    taxed && party.gstin ? tag('PARTYGSTIN', party.gstin) : '',
    taxed && party.state ? tag('STATENAME', party.state) : '',
    taxed && voucher.placeOfSupply ? tag('PLACEOFSUPPLY', voucher.placeOfSupply) : '',
    tag('NARRATION', narrationOf(voucher)),
    tag('PERSISTEDVIEW', 'Accounting Voucher View'),
    voucher.kind === 'sales' && voucher.cancelled ? tag('ISCANCELLED', 'Yes') : '',
    ...entriesOf(voucher, ledgers).map(entryXml),
  ];
  return [
    '<TALLYMESSAGE xmlns:UDF="TallyUDF">',
    `<VOUCHER VCHTYPE="${xmlText(type)}" ACTION="Create" OBJVIEW="Accounting Voucher View">`,
    ...fields.filter(Boolean),
    '</VOUCHER>',
    '</TALLYMESSAGE>',
  ].join('\n');
}

/** A customer's ledger under Sundry Debtors, with the GSTIN and state their invoices printed. */
function partyLedgerXml(party: TallyParty): string {
  const registration = party.gstin
    ? [tag('GSTREGISTRATIONTYPE', 'Regular'), tag('PARTYGSTIN', party.gstin)]
    : [tag('GSTREGISTRATIONTYPE', 'Unregistered/Consumer')];
  return [
    '<TALLYMESSAGE xmlns:UDF="TallyUDF">',
    `<LEDGER NAME="${xmlText(party.name)}" ACTION="Create">`,
    `<NAME.LIST>${tag('NAME', party.name)}</NAME.LIST>`,
    tag('PARENT', 'Sundry Debtors'),
    tag('ISBILLWISEON', 'Yes'),
    ...registration,
    party.state ? tag('LEDSTATENAME', party.state) : '',
    party.state ? tag('COUNTRYNAME', 'India') : '',
    '</LEDGER>',
    '</TALLYMESSAGE>',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The parties of the vouchers, once each by name (Tally's ledger key), the first seen's details. */
function partiesOf(vouchers: readonly TallyVoucher[]): TallyParty[] {
  const byName = new Map<string, TallyParty>();
  for (const voucher of vouchers) {
    const known = byName.get(voucher.party.name);
    if (!known) byName.set(voucher.party.name, voucher.party);
    else if (!known.gstin && voucher.party.gstin) byName.set(voucher.party.name, voucher.party);
  }
  return [...byName.values()];
}

/** What comes before the first TALLYMESSAGE: the request to import vouchers. */
export const TALLY_HEAD = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<ENVELOPE>',
  '<HEADER>',
  '<TALLYREQUEST>Import Data</TALLYREQUEST>',
  '</HEADER>',
  '<BODY>',
  '<IMPORTDATA>',
  '<REQUESTDESC>',
  '<REPORTNAME>Vouchers</REPORTNAME>',
  '</REQUESTDESC>',
  '<REQUESTDATA>',
  '',
].join('\n');

export const TALLY_TAIL = ['</REQUESTDATA>', '</IMPORTDATA>', '</BODY>', '</ENVELOPE>', ''].join(
  '\n',
);

/**
 * One run of vouchers as TALLYMESSAGEs: the ledgers of parties not in `known` first (then
 * added to it), then the vouchers in the order given. A long range is written run by run,
 * so a year of invoices never has to be one string; each party's ledger still comes before
 * its first voucher.
 */
export function tallyMessages(
  vouchers: readonly TallyVoucher[],
  ledgers: TallyLedgers,
  known: Set<string>,
): string {
  const parties = partiesOf(vouchers).filter((party) => !known.has(party.name));
  for (const party of parties) known.add(party.name);
  return [
    ...parties.map(partyLedgerXml),
    ...vouchers.map((voucher) => voucherXml(voucher, ledgers)),
    '',
  ].join('\n');
}

/** The whole import file. Vouchers are written in the order given (the server sorts by date). */
export function tallyXml(vouchers: readonly TallyVoucher[], ledgers: TallyLedgers): string {
  const messages = vouchers.length > 0 ? tallyMessages(vouchers, ledgers, new Set()) : '';
  return TALLY_HEAD + messages + TALLY_TAIL;
}
