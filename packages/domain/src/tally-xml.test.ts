import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TALLY_LEDGERS,
  TALLY_HEAD,
  TALLY_TAIL,
  type TallyCreditNoteVoucher,
  type TallyMoneyVoucher,
  type TallySalesVoucher,
  tallyMessages,
  tallyXml,
  voucherBalance,
  xmlText,
} from './tally-xml';

const ledgers = DEFAULT_TALLY_LEDGERS;

/** One ledger entry as Tally reads it: debit negative with ISDEEMEDPOSITIVE Yes. */
function entry(ledger: string, amount: string, options: { party?: boolean; bill?: string } = {}) {
  const debit = amount.startsWith('-');
  const bill = options.bill
    ? `<BILLALLOCATIONS.LIST><NAME>${options.bill.split('|')[0]}</NAME><BILLTYPE>${options.bill.split('|')[1]}</BILLTYPE><AMOUNT>${amount}</AMOUNT></BILLALLOCATIONS.LIST>`
    : '';
  return `<ALLLEDGERENTRIES.LIST><LEDGERNAME>${ledger}</LEDGERNAME><ISDEEMEDPOSITIVE>${debit ? 'Yes' : 'No'}</ISDEEMEDPOSITIVE><ISPARTYLEDGER>${options.party ? 'Yes' : 'No'}</ISPARTYLEDGER><AMOUNT>${amount}</AMOUNT>${bill}</ALLLEDGERENTRIES.LIST>`;
}

/** The vouchers of a file: what lies between the last party ledger and REQUESTDATA's end. */
function vouchersOf(xml: string): string[] {
  return [...xml.matchAll(/<VOUCHER [\s\S]*?<\/VOUCHER>/g)].map((match) => match[0]);
}

// Within Karnataka: two cameras and the installation at 18 %, ₹5,590.01 rounded to ₹5,590.
const intraState: TallySalesVoucher = {
  kind: 'sales',
  cancelled: false,
  number: 'RKOTH/26-27/0001',
  date: '2026-11-03',
  party: { name: 'Asha & Sons', gstin: '29ABCDE1234F1Z5', state: 'Karnataka' },
  placeOfSupply: 'Karnataka',
  lines: [
    {
      name: 'Dome camera 2MP',
      hsnSac: '8525',
      quantity: 2,
      unit: 'Piece',
      gstRateBp: 1800,
      taxablePaise: 423_729,
    },
    {
      name: 'Installation',
      hsnSac: '998734',
      quantity: 1,
      unit: 'Service',
      gstRateBp: 1800,
      taxablePaise: 50_000,
    },
  ],
  cgstPaise: 42_636,
  sgstPaise: 42_636,
  igstPaise: 0,
  totalPaise: 559_000,
};

// From Karnataka to a site in Tamil Nadu: IGST alone, ₹1,179.99 rounded up to ₹1,180.
const interState: TallySalesVoucher = {
  kind: 'sales',
  cancelled: false,
  number: 'RKOTH/26-27/0002',
  date: '2026-11-04',
  party: { name: 'Ravi Kumar', gstin: null, state: 'Tamil Nadu' },
  placeOfSupply: 'Tamil Nadu',
  lines: [
    {
      name: 'NVR 8ch',
      hsnSac: '8521',
      quantity: 1,
      unit: 'Piece',
      gstRateBp: 1800,
      taxablePaise: 99_999,
    },
  ],
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 18_000,
  totalPaise: 118_000,
};

const receipt: TallyMoneyVoucher = {
  kind: 'receipt',
  number: 'RKOTH/26-27/0007',
  date: '2026-11-05',
  party: intraState.party,
  amountPaise: 300_000,
  method: 'online',
  invoiceNumber: 'RKOTH/26-27/0001',
  transactionId: 'UPI123456789012',
};

const creditNote: TallyCreditNoteVoucher = {
  ...intraState,
  kind: 'credit-note',
  number: 'CKOTH/26-27/0001',
  date: '2026-11-20',
  invoiceNumber: 'RKOTH/26-27/0001',
  invoiceDate: '2026-11-03',
  reason: 'Wrong camera billed',
};

describe('tallyXml', () => {
  it('writes an intra-state sales invoice: party debited the total, each line to Sales, CGST and SGST, the round-off', () => {
    const [voucher] = vouchersOf(tallyXml([intraState], ledgers));
    expect(voucher).toBe(
      [
        '<VOUCHER VCHTYPE="Sales" ACTION="Create" OBJVIEW="Accounting Voucher View">',
        '<DATE>20261103</DATE>',
        '<VOUCHERTYPENAME>Sales</VOUCHERTYPENAME>',
        '<VOUCHERNUMBER>RKOTH/26-27/0001</VOUCHERNUMBER>',
        '<PARTYLEDGERNAME>Asha &amp; Sons</PARTYLEDGERNAME>',
        '<PARTYNAME>Asha &amp; Sons</PARTYNAME>',
        '<PARTYGSTIN>29ABCDE1234F1Z5</PARTYGSTIN>',
        '<STATENAME>Karnataka</STATENAME>',
        '<PLACEOFSUPPLY>Karnataka</PLACEOFSUPPLY>',
        '<NARRATION>Dome camera 2MP (HSN/SAC 8525, 2 Piece, @ 18%); Installation (HSN/SAC 998734, 1 Service, @ 18%)</NARRATION>',
        '<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>',
        entry('Asha &amp; Sons', '-5590.00', { party: true, bill: 'RKOTH/26-27/0001|New Ref' }),
        entry('Sales', '4237.29'),
        entry('Sales', '500.00'),
        entry('CGST', '426.36'),
        entry('SGST', '426.36'),
        entry('Round Off', '-0.01'),
        '</VOUCHER>',
      ].join('\n'),
    );
    expect(voucherBalance(intraState, ledgers)).toBe(0);
  });

  it('writes an inter-state invoice with IGST alone and a round-off up, under the profile’s ledger names', () => {
    const named = { ...ledgers, sales: 'Sales @18%', igst: 'Output IGST', roundOff: 'Rounding' };
    const [voucher] = vouchersOf(tallyXml([interState], named));
    expect(voucher).toBe(
      [
        '<VOUCHER VCHTYPE="Sales" ACTION="Create" OBJVIEW="Accounting Voucher View">',
        '<DATE>20261104</DATE>',
        '<VOUCHERTYPENAME>Sales</VOUCHERTYPENAME>',
        '<VOUCHERNUMBER>RKOTH/26-27/0002</VOUCHERNUMBER>',
        '<PARTYLEDGERNAME>Ravi Kumar</PARTYLEDGERNAME>',
        '<PARTYNAME>Ravi Kumar</PARTYNAME>',
        '<STATENAME>Tamil Nadu</STATENAME>',
        '<PLACEOFSUPPLY>Tamil Nadu</PLACEOFSUPPLY>',
        '<NARRATION>NVR 8ch (HSN/SAC 8521, 1 Piece, @ 18%)</NARRATION>',
        '<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>',
        entry('Ravi Kumar', '-1180.00', { party: true, bill: 'RKOTH/26-27/0002|New Ref' }),
        entry('Sales @18%', '999.99'),
        entry('Output IGST', '180.00'),
        entry('Rounding', '0.01'),
        '</VOUCHER>',
      ].join('\n'),
    );
    expect(voucherBalance(interState, named)).toBe(0);
  });

  it('writes a receipt: the bank debited for an online payment, the party credited against the invoice', () => {
    const [voucher] = vouchersOf(tallyXml([receipt], ledgers));
    expect(voucher).toBe(
      [
        '<VOUCHER VCHTYPE="Receipt" ACTION="Create" OBJVIEW="Accounting Voucher View">',
        '<DATE>20261105</DATE>',
        '<VOUCHERTYPENAME>Receipt</VOUCHERTYPENAME>',
        '<VOUCHERNUMBER>RKOTH/26-27/0007</VOUCHERNUMBER>',
        '<PARTYLEDGERNAME>Asha &amp; Sons</PARTYLEDGERNAME>',
        '<NARRATION>Received against RKOTH/26-27/0001 (UPI UPI123456789012)</NARRATION>',
        '<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>',
        entry('Bank', '-3000.00'),
        entry('Asha &amp; Sons', '3000.00', { party: true, bill: 'RKOTH/26-27/0001|Agst Ref' }),
        '</VOUCHER>',
      ].join('\n'),
    );
    expect(voucherBalance({ ...receipt, method: 'cash' }, ledgers)).toBe(0);
    expect(vouchersOf(tallyXml([{ ...receipt, method: 'cash' }], ledgers))[0]).toContain(
      entry('Cash', '-3000.00'),
    );
  });

  it('reverses a cancelled Tax Invoice by a Credit Note voucher naming the invoice, every entry turned round', () => {
    const [voucher] = vouchersOf(tallyXml([creditNote], ledgers));
    expect(voucher).toBe(
      [
        '<VOUCHER VCHTYPE="Credit Note" ACTION="Create" OBJVIEW="Accounting Voucher View">',
        '<DATE>20261120</DATE>',
        '<VOUCHERTYPENAME>Credit Note</VOUCHERTYPENAME>',
        '<VOUCHERNUMBER>CKOTH/26-27/0001</VOUCHERNUMBER>',
        '<REFERENCE>RKOTH/26-27/0001</REFERENCE>',
        '<REFERENCEDATE>20261103</REFERENCEDATE>',
        '<PARTYLEDGERNAME>Asha &amp; Sons</PARTYLEDGERNAME>',
        '<PARTYNAME>Asha &amp; Sons</PARTYNAME>',
        '<PARTYGSTIN>29ABCDE1234F1Z5</PARTYGSTIN>',
        '<STATENAME>Karnataka</STATENAME>',
        '<PLACEOFSUPPLY>Karnataka</PLACEOFSUPPLY>',
        '<NARRATION>Credit note for RKOTH/26-27/0001 of 2026-11-03: Wrong camera billed</NARRATION>',
        '<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>',
        entry('Asha &amp; Sons', '5590.00', { party: true, bill: 'RKOTH/26-27/0001|Agst Ref' }),
        entry('Sales', '-4237.29'),
        entry('Sales', '-500.00'),
        entry('CGST', '-426.36'),
        entry('SGST', '-426.36'),
        entry('Round Off', '0.01'),
        '</VOUCHER>',
      ].join('\n'),
    );
    expect(voucherBalance(creditNote, ledgers)).toBe(0);
  });

  it('writes a cancelled invoice no credit note reverses (a Bill of Supply) as a cancelled voucher without amounts', () => {
    const cancelled: TallySalesVoucher = {
      ...interState,
      cancelled: true,
      cancellationReason: 'Duplicate bill',
    };
    const [voucher] = vouchersOf(tallyXml([cancelled], ledgers));
    expect(voucher).toBe(
      [
        '<VOUCHER VCHTYPE="Sales" ACTION="Create" OBJVIEW="Accounting Voucher View">',
        '<DATE>20261104</DATE>',
        '<VOUCHERTYPENAME>Sales</VOUCHERTYPENAME>',
        '<VOUCHERNUMBER>RKOTH/26-27/0002</VOUCHERNUMBER>',
        '<PARTYLEDGERNAME>Ravi Kumar</PARTYLEDGERNAME>',
        '<PARTYNAME>Ravi Kumar</PARTYNAME>',
        '<STATENAME>Tamil Nadu</STATENAME>',
        '<PLACEOFSUPPLY>Tamil Nadu</PLACEOFSUPPLY>',
        '<NARRATION>Cancelled: Duplicate bill</NARRATION>',
        '<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>',
        '<ISCANCELLED>Yes</ISCANCELLED>',
        '</VOUCHER>',
      ].join('\n'),
    );
  });

  it('wraps the vouchers in the Import Data envelope with each party ledger once, under Sundry Debtors', () => {
    const xml = tallyXml([intraState, receipt, interState], ledgers);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<ENVELOPE>\n<HEADER>\n<TALLYREQUEST>Import Data</TALLYREQUEST>\n</HEADER>\n<BODY>\n<IMPORTDATA>\n<REQUESTDESC>\n<REPORTNAME>Vouchers</REPORTNAME>\n</REQUESTDESC>\n<REQUESTDATA>\n',
      ),
    ).toBe(true);
    expect(xml.endsWith('</REQUESTDATA>\n</IMPORTDATA>\n</BODY>\n</ENVELOPE>\n')).toBe(true);
    expect(xml.match(/<LEDGER NAME="Asha &amp; Sons"/g)).toHaveLength(1);
    expect(xml).toContain(
      '<LEDGER NAME="Ravi Kumar" ACTION="Create">\n<NAME.LIST><NAME>Ravi Kumar</NAME></NAME.LIST>\n<PARENT>Sundry Debtors</PARENT>\n<ISBILLWISEON>Yes</ISBILLWISEON>\n<GSTREGISTRATIONTYPE>Unregistered/Consumer</GSTREGISTRATIONTYPE>\n<LEDSTATENAME>Tamil Nadu</LEDSTATENAME>\n<COUNTRYNAME>India</COUNTRYNAME>\n</LEDGER>',
    );
    expect(vouchersOf(xml).map((v) => v.match(/VCHTYPE="([^"]+)"/)?.[1])).toEqual([
      'Sales',
      'Receipt',
      'Sales',
    ]);
  });

  it('balances a refund and escapes what XML cannot hold as it is', () => {
    const refund: TallyMoneyVoucher = {
      ...receipt,
      kind: 'refund',
      number: 'VKOTH/26-27/0001',
      method: 'cash',
    };
    const [voucher] = vouchersOf(tallyXml([refund], ledgers));
    expect(voucher).toContain('VCHTYPE="Payment"');
    expect(voucher).toContain(entry('Cash', '3000.00'));
    expect(voucherBalance(refund, ledgers)).toBe(0);
    expect(xmlText('A <b> & "c" \'d\'\u0001')).toBe(
      'A &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;',
    );
  });

  it('writes a long range run by run into the same file, each party ledger once before its first voucher', () => {
    const known = new Set<string>();
    const inRuns =
      TALLY_HEAD +
      tallyMessages([intraState], ledgers, known) +
      tallyMessages([receipt, interState], ledgers, known) +
      TALLY_TAIL;
    expect(inRuns).toBe(
      tallyXml([intraState, receipt, interState], ledgers).replace(
        // In one run every ledger comes first; in runs, Ravi Kumar's comes with his run.
        /(<TALLYMESSAGE[^>]*>\n<LEDGER NAME="Ravi Kumar"[\s\S]*?<\/TALLYMESSAGE>\n)([\s\S]*)(?=<TALLYMESSAGE[^>]*>\n<VOUCHER VCHTYPE="Receipt")/,
        '$2$1',
      ),
    );
    expect(inRuns.match(/<LEDGER NAME="Asha &amp; Sons"/g)).toHaveLength(1);
    expect(tallyXml([], ledgers)).toBe(TALLY_HEAD + TALLY_TAIL);
  });
});
