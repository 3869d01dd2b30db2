import { COMPLAINT_MESSAGES, COVERAGE_LABELS } from '@karya/domain/complaint-schemas';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { errorsOf } from './unit-complaint-form';
import { UNIT_PAGE_TEXT } from './unit-page-text';

describe('the unit page’s words', () => {
  it('says in English what the contract says', () => {
    const en = UNIT_PAGE_TEXT.en;
    expect(en.notFound).toBe(COMPLAINT_MESSAGES.unitNotFound);
    expect(en.complaintRaised).toBe(COMPLAINT_MESSAGES.complaintRaised);
    expect(en.complaintJoined).toBe(COMPLAINT_MESSAGES.complaintJoined);
    expect(en.phoneMismatch).toBe(COMPLAINT_MESSAGES.phoneMismatch);
    expect(en.phoneRequired).toBe(COMPLAINT_MESSAGES.phoneRequired);
    expect(en.descriptionRequired).toBe(COMPLAINT_MESSAGES.descriptionRequired);
    expect(en.photoInvalid).toBe(COMPLAINT_MESSAGES.photoInvalid);
    expect(en.tooMany).toBe(COMPLAINT_MESSAGES.tooMany);
    expect(en.coverage).toEqual(COVERAGE_LABELS);
  });
});

describe('a refused complaint', () => {
  const hinglish = UNIT_PAGE_TEXT.hinglish;

  it('shows the phone mismatch at the phone field, in the customer’s language', () => {
    expect(errorsOf(new ApiError(400, COMPLAINT_MESSAGES.phoneMismatch), hinglish)).toEqual({
      phone: hinglish.phoneMismatch,
    });
  });

  it('puts a field error of the server at its field', () => {
    const refusal = new ApiError(400, 'Validation failed', [
      { field: 'description', message: COMPLAINT_MESSAGES.descriptionRequired },
    ]);
    expect(errorsOf(refusal, UNIT_PAGE_TEXT.en)).toEqual({
      description: COMPLAINT_MESSAGES.descriptionRequired,
    });
  });

  it('asks to wait after too many attempts, whatever the limiter wrote', () => {
    expect(errorsOf(new ApiError(429, 'Rate limit exceeded'), UNIT_PAGE_TEXT.en)).toEqual({
      form: COMPLAINT_MESSAGES.tooMany,
    });
  });

  it('shows any other refusal above the form, as the server says it', () => {
    expect(errorsOf(new ApiError(409, 'Something else'), UNIT_PAGE_TEXT.en)).toEqual({
      form: 'Something else',
    });
  });
});
