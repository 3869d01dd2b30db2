import {
  type BusinessProfile,
  type BusinessProfileInput,
  INVOICE_MESSAGES,
  LOGO_MAX_DATA_URL_LENGTH,
  TALLY_LEDGER_BLANK,
  TALLY_LEDGER_DEFAULTS,
  type TallyLedgerKey,
} from '@karya/domain/invoice-schemas';
import { z } from 'zod';

/** The most bytes a logo may have: the contract's 200 KB. */
export const LOGO_MAX_BYTES = 200 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The Tally ledgers the form asks for, in the order an accountant reads a sales voucher. */
export const TALLY_LEDGERS: ReadonlyArray<{ key: TallyLedgerKey; label: string }> = [
  { key: 'tallySalesLedger', label: 'Sales ledger' },
  { key: 'tallyCgstLedger', label: 'CGST ledger' },
  { key: 'tallySgstLedger', label: 'SGST ledger' },
  { key: 'tallyIgstLedger', label: 'IGST ledger' },
  { key: 'tallyRoundOffLedger', label: 'Round-off ledger' },
  { key: 'tallyCashLedger', label: 'Cash ledger' },
  { key: 'tallyBankLedger', label: 'Bank ledger' },
];

const ledgerName = z.string().trim().min(1, TALLY_LEDGER_BLANK).max(100, 'At most 100 characters');

/** What the Business Profile form holds: every field as typed, the logo as a data: URL. */
export const businessProfileFormSchema = z.object({
  legalName: z.string().trim().min(1, INVOICE_MESSAGES.legalNameRequired).max(200),
  tradeName: z.string().trim().max(200),
  logo: z.string().nullable(),
  address: z.string().trim().max(500),
  phone: z.string().trim().max(40),
  email: z
    .string()
    .trim()
    .max(200)
    .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
      message: INVOICE_MESSAGES.invalidEmail,
    }),
  gstRegistered: z.boolean(),
  /** What a new quotation's terms start as (issue 35). */
  quoteTerms: z.string().max(4000, 'At most 4000 characters'),
  /** The ledgers of the accountant's Tally the export posts to (issue 36). */
  tallySalesLedger: ledgerName,
  tallyCgstLedger: ledgerName,
  tallySgstLedger: ledgerName,
  tallyIgstLedger: ledgerName,
  tallyRoundOffLedger: ledgerName,
  tallyCashLedger: ledgerName,
  tallyBankLedger: ledgerName,
});
export type BusinessProfileValues = z.infer<typeof businessProfileFormSchema>;

export function valuesOf(profile: BusinessProfile): BusinessProfileValues {
  return {
    legalName: profile.legalName,
    tradeName: profile.tradeName,
    logo: profile.logo,
    address: profile.address,
    phone: profile.phone,
    email: profile.email,
    gstRegistered: profile.gstRegistered,
    // A profile cached before quotations came has none.
    quoteTerms: profile.quoteTerms ?? '',
    // A profile cached before the Tally export came has none: Tally's usual names.
    ...ledgersOf(profile),
  };
}

function ledgersOf(
  profile: Partial<Record<TallyLedgerKey, string>>,
): Record<TallyLedgerKey, string> {
  const ledgers = { ...TALLY_LEDGER_DEFAULTS } as Record<TallyLedgerKey, string>;
  for (const { key } of TALLY_LEDGERS) ledgers[key] = profile[key] || TALLY_LEDGER_DEFAULTS[key];
  return ledgers;
}

export function bodyOf(values: BusinessProfileValues): BusinessProfileInput {
  return {
    legalName: values.legalName.trim(),
    tradeName: values.tradeName.trim(),
    logo: values.logo,
    address: values.address.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    gstRegistered: values.gstRegistered,
    quoteTerms: values.quoteTerms.trim(),
    ...Object.fromEntries(TALLY_LEDGERS.map(({ key }) => [key, values[key].trim()])),
  };
}

/**
 * Whether a picked file may be the logo, before it is read: the server refuses anything
 * else with the same words, so the admin hears it before waiting for an upload.
 */
export function logoFileProblem(file: { size: number; type: string }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return INVOICE_MESSAGES.logoTooLarge;
  if (file.size > LOGO_MAX_BYTES) return INVOICE_MESSAGES.logoTooLarge;
  return null;
}

/** Bytes as base64, in slices: one String.fromCharCode call per 200 KB would overflow the stack. */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The picked logo as a data: URL, or the message saying why it cannot be the logo. */
export async function readLogo(
  file: Blob,
): Promise<{ ok: true; dataUrl: string } | { ok: false; message: string }> {
  const problem = logoFileProblem(file);
  if (problem) return { ok: false, message: problem };
  const dataUrl = `data:${file.type};base64,${base64Of(new Uint8Array(await file.arrayBuffer()))}`;
  if (dataUrl.length > LOGO_MAX_DATA_URL_LENGTH)
    return { ok: false, message: INVOICE_MESSAGES.logoTooLarge };
  return { ok: true, dataUrl };
}
