import { describe, expect, it } from 'vitest';
import { completionRefusal, isCompletionRuleRefusal } from './completion-rule';

describe('completionRefusal', () => {
  it('names the required items still unanswered first, as the server answers', () => {
    expect(
      completionRefusal({
        missingRequired: ['DVR set', 'Password'],
        signatureRequired: true,
        signed: false,
      }),
    ).toBe('Please complete the checklist before sending for approval: DVR set, Password');
  });

  it('then asks for the signature where the branch requires it', () => {
    expect(completionRefusal({ missingRequired: [], signatureRequired: true, signed: false })).toBe(
      "The customer's signature is needed before sending for approval",
    );
  });

  it('lets the order go once answered and signed, or when no signature is asked for', () => {
    expect(
      completionRefusal({ missingRequired: [], signatureRequired: true, signed: true }),
    ).toBeNull();
    expect(
      completionRefusal({ missingRequired: [], signatureRequired: false, signed: false }),
    ).toBeNull();
  });

  it('knows its own refusals from any other message', () => {
    const checklist = completionRefusal({
      missingRequired: ['X'],
      signatureRequired: false,
      signed: false,
    });
    const signature = completionRefusal({
      missingRequired: [],
      signatureRequired: true,
      signed: false,
    });
    expect(isCompletionRuleRefusal(checklist ?? '')).toBe(true);
    expect(isCompletionRuleRefusal(signature ?? '')).toBe(true);
    expect(isCompletionRuleRefusal('Payment must be recorded before completing')).toBe(false);
  });
});
