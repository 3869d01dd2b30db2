import { describe, expect, it } from 'vitest';
import { branchFormSchema, EMPTY_BRANCH_FORM, stateOfGstin } from './branch-schemas';

const BRANCH = { ...EMPTY_BRANCH_FORM, name: 'Kothrud', location: 'Pune' };
const messageOf = (values: object) =>
  branchFormSchema.safeParse({ ...BRANCH, ...values }).error?.issues[0]?.message;

describe('branch form: GST and invoices (issue 19)', () => {
  it('takes a branch without them, and sends GSTIN and series upper-cased', () => {
    expect(branchFormSchema.parse(BRANCH)).toMatchObject({
      gstin: '',
      stateCode: '',
      invoicePrefix: '',
    });
    expect(
      branchFormSchema.parse({
        ...BRANCH,
        gstin: '27aapfu0939f1zv',
        stateCode: '27',
        invoicePrefix: 'kt1',
      }),
    ).toMatchObject({ gstin: '27AAPFU0939F1ZV', stateCode: '27', invoicePrefix: 'KT1' });
  });

  it('refuses what the server refuses, in its words', () => {
    expect(messageOf({ gstin: '27AAPFU0939F1Z' })).toBe('GSTIN must be 15 characters');
    expect(messageOf({ gstin: '27AAPFU0939F1ZW' })).toBe(
      'GSTIN check digit does not match: please check for a typo',
    );
    expect(messageOf({ gstin: '27AAPFU0939F1ZV', stateCode: '29' })).toBe(
      "The GSTIN's first two digits must be the code of the branch's state",
    );
    expect(messageOf({ invoicePrefix: 'KOTHR' })).toBe(
      'Invoice series must be 1 to 4 letters or digits',
    );
    expect(messageOf({ invoicePrefix: 'K-1' })).toBe(
      'Invoice series must be 1 to 4 letters or digits',
    );
  });

  it('lets a GSTIN fill in its state', () => {
    expect(stateOfGstin('27aapfu0939f1zv')).toBe('27');
    expect(stateOfGstin('27AAPFU0939F1ZW')).toBeNull();
  });
});

describe("branch form: the customer's signature (issue 22)", () => {
  it('requires it by default and sends the admin’s choice either way', () => {
    expect(branchFormSchema.parse(BRANCH).requireSignature).toBe(true);
    expect(branchFormSchema.parse({ ...BRANCH, requireSignature: false }).requireSignature).toBe(
      false,
    );
  });
});
