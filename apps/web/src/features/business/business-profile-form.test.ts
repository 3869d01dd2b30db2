import {
  type BusinessProfile,
  businessProfileInputSchema,
  INVOICE_MESSAGES,
  TALLY_LEDGER_BLANK,
  TALLY_LEDGER_DEFAULTS,
} from '@karya/domain/invoice-schemas';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  businessProfileFormSchema,
  LOGO_MAX_BYTES,
  logoFileProblem,
  readLogo,
  valuesOf,
} from './business-profile-form';

const EMPTY = {
  legalName: '',
  tradeName: '',
  logo: null,
  address: '',
  phone: '',
  email: '',
  gstRegistered: false,
  quoteTerms: '',
  ...TALLY_LEDGER_DEFAULTS,
  updatedAt: null,
} satisfies BusinessProfile;

describe('business profile form', () => {
  it('round-trips the answer to a body the server schema takes unchanged', () => {
    const values = {
      ...valuesOf(EMPTY),
      legalName: '  Surya Solar Pvt Ltd ',
      email: ' accounts@surya.in ',
      gstRegistered: true,
      quoteTerms: ' 50% advance with the order.\nValid for 15 days. ',
      tallySalesLedger: ' Sales Accounts - GST 18% ',
    };
    const body = bodyOf(values);
    expect(body).toEqual({
      legalName: 'Surya Solar Pvt Ltd',
      tradeName: '',
      logo: null,
      address: '',
      phone: '',
      email: 'accounts@surya.in',
      gstRegistered: true,
      quoteTerms: '50% advance with the order.\nValid for 15 days.',
      ...TALLY_LEDGER_DEFAULTS,
      tallySalesLedger: 'Sales Accounts - GST 18%',
    });
    expect(businessProfileInputSchema.parse(body)).toEqual(body);
  });

  it('shows Tally’s usual ledger names where the profile has none, and refuses a blank one', () => {
    const { tallyCashLedger: _gone, ...older } = EMPTY;
    expect(valuesOf({ ...older, tallyBankLedger: '' } as unknown as BusinessProfile)).toMatchObject(
      {
        tallyCashLedger: 'Cash',
        tallyBankLedger: 'Bank',
      },
    );
    const result = businessProfileFormSchema.safeParse({
      ...valuesOf(EMPTY),
      legalName: 'Surya',
      tallyIgstLedger: '   ',
    });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['tallyIgstLedger', TALLY_LEDGER_BLANK],
    ]);
  });

  it('asks for the legal name and a valid email in the contract’s words', () => {
    const result = businessProfileFormSchema.safeParse({ ...valuesOf(EMPTY), email: 'a@b' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      INVOICE_MESSAGES.legalNameRequired,
      INVOICE_MESSAGES.invalidEmail,
    ]);
  });

  it('takes a PNG, JPEG or WebP of at most 200 KB, refusing others with the server’s message', () => {
    expect(logoFileProblem({ type: 'image/png', size: LOGO_MAX_BYTES })).toBeNull();
    expect(logoFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(logoFileProblem({ type: 'image/png', size: LOGO_MAX_BYTES + 1 })).toBe(
      INVOICE_MESSAGES.logoTooLarge,
    );
    expect(logoFileProblem({ type: 'image/gif', size: 10 })).toBe(INVOICE_MESSAGES.logoTooLarge);
    expect(logoFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(
      INVOICE_MESSAGES.logoTooLarge,
    );
  });

  it('reads the largest allowed logo into a data: URL the server accepts', async () => {
    const bytes = new Uint8Array(LOGO_MAX_BYTES).map((_, i) => i % 251);
    const read = await readLogo(new Blob([bytes], { type: 'image/jpeg' }));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.dataUrl.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(Buffer.from(read.dataUrl.split(',')[1] ?? '', 'base64').equals(Buffer.from(bytes))).toBe(
      true,
    );
    const body = bodyOf({ ...valuesOf(EMPTY), legalName: 'Surya', logo: read.dataUrl });
    expect(businessProfileInputSchema.safeParse(body).success).toBe(true);
  });

  it('refuses a logo one byte too large without reading it', async () => {
    const read = await readLogo(
      new Blob([new Uint8Array(LOGO_MAX_BYTES + 1)], { type: 'image/png' }),
    );
    expect(read).toEqual({ ok: false, message: INVOICE_MESSAGES.logoTooLarge });
  });
});
