import { COMPLAINT_MESSAGES } from '@karya/domain/complaint-schemas';
import { describe, expect, it } from 'vitest';
import { bodyOf, formFieldErrors, responseTimesFormSchema, valuesOf } from './response-times-form';

const typed = { amcHours: '24', warrantyHours: '48', chargeableHours: '72', counting: 'working' };

describe('responseTimesFormSchema', () => {
  it('takes whole hours from 1 to 720', () => {
    expect(responseTimesFormSchema.safeParse(typed).success).toBe(true);
    expect(
      responseTimesFormSchema.safeParse({ ...typed, amcHours: ' 1 ', chargeableHours: '720' })
        .success,
    ).toBe(true);
  });

  it.each(['0', '721', '2.5', '', 'abc', '-4', '1e2'])(
    "refuses '%s' with the spec's message",
    (hours) => {
      const parsed = responseTimesFormSchema.safeParse({ ...typed, warrantyHours: hours });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues).toEqual([
        expect.objectContaining({
          path: ['warrantyHours'],
          message: COMPLAINT_MESSAGES.hoursRange,
        }),
      ]);
    },
  );
});

describe('bodyOf', () => {
  it("sends numbers, and the admin's branch", () => {
    const values = { ...typed, amcHours: ' 12 ', counting: 'calendar' as const };
    expect(bodyOf(values, 'b1')).toEqual({
      branchId: 'b1',
      amcHours: 12,
      warrantyHours: 48,
      chargeableHours: 72,
      counting: 'calendar',
    });
    expect(bodyOf(values, null)).not.toHaveProperty('branchId');
  });

  it('round-trips the saved settings', () => {
    const saved = {
      branch: { _id: 'b1', name: 'Kothrud' },
      amcHours: 24,
      warrantyHours: 48,
      chargeableHours: 72,
      counting: 'working' as const,
      saved: true,
      updatedAt: null,
    };
    expect(bodyOf(valuesOf(saved), null)).toEqual({
      amcHours: 24,
      warrantyHours: 48,
      chargeableHours: 72,
      counting: 'working',
    });
  });
});

describe('formFieldErrors', () => {
  it("keeps the server's errors on the form's fields", () => {
    expect(
      formFieldErrors([
        { field: 'amcHours', message: COMPLAINT_MESSAGES.hoursRange },
        { field: 'branchId', message: 'Branch not found' },
      ]),
    ).toEqual([{ field: 'amcHours', message: COMPLAINT_MESSAGES.hoursRange }]);
  });
});
