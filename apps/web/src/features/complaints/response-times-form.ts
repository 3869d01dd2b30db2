import type { FieldError } from '@karya/domain/api';
import {
  COMPLAINT_MESSAGES,
  type ComplaintSlaSettings,
  type ComplaintSlaSettingsInput,
  SLA_COUNTING,
  SLA_MAX_HOURS,
} from '@karya/domain/complaint-schemas';
import { z } from 'zod';

/**
 * The 'Response times' form (issue 37): a branch's targets in whole hours per coverage, and
 * whether they count working hours or every hour. The fields hold what was typed; the
 * server's schema (complaintSlaSettingsInput) checks the numbers again with the same message.
 */

const WHOLE_HOURS = /^\d+$/;

const hoursText = z
  .string()
  .trim()
  .refine((text) => {
    if (!WHOLE_HOURS.test(text)) return false;
    const hours = Number(text);
    return hours >= 1 && hours <= SLA_MAX_HOURS;
  }, COMPLAINT_MESSAGES.hoursRange);

export const responseTimesFormSchema = z.object({
  amcHours: hoursText,
  warrantyHours: hoursText,
  chargeableHours: hoursText,
  counting: z.enum(SLA_COUNTING),
});
export type ResponseTimesValues = z.infer<typeof responseTimesFormSchema>;
export type HoursField = 'amcHours' | 'warrantyHours' | 'chargeableHours';

/** The form's fields in order, with the coverage each is for. */
export const HOURS_FIELDS: readonly { name: HoursField; label: string }[] = [
  { name: 'amcHours', label: 'Under AMC' },
  { name: 'warrantyHours', label: 'Under warranty' },
  { name: 'chargeableHours', label: 'Chargeable' },
];

export const COUNTING_LABELS: Record<(typeof SLA_COUNTING)[number], string> = {
  working: 'Working hours',
  calendar: 'All hours',
};

export function valuesOf(settings: ComplaintSlaSettings): ResponseTimesValues {
  return {
    amcHours: String(settings.amcHours),
    warrantyHours: String(settings.warrantyHours),
    chargeableHours: String(settings.chargeableHours),
    counting: settings.counting,
  };
}

/** The PUT's body: an admin names the branch; a manager's is their own. */
export function bodyOf(
  values: ResponseTimesValues,
  branchId: string | null,
): ComplaintSlaSettingsInput {
  return {
    ...(branchId ? { branchId } : {}),
    amcHours: Number(values.amcHours.trim()),
    warrantyHours: Number(values.warrantyHours.trim()),
    chargeableHours: Number(values.chargeableHours.trim()),
    counting: values.counting,
  };
}

const FORM_FIELDS = new Set<string>(['amcHours', 'warrantyHours', 'chargeableHours', 'counting']);

/** The server's field errors that name one of the form's fields. */
export function formFieldErrors(
  errors: readonly FieldError[],
): { field: keyof ResponseTimesValues; message: string }[] {
  return errors
    .map((error) => ({ field: error.field.split('.')[0] ?? '', message: error.message }))
    .filter((error): error is { field: keyof ResponseTimesValues; message: string } =>
      FORM_FIELDS.has(error.field),
    );
}
