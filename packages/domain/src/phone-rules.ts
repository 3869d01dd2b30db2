/*
 * Phone rules with no dependency at all, so a page that needs only them (the public landing
 * page) does not load the schema library with them.
 */

/** Spec 1 §5, empty-search phone test: 10 digits, or + and a 2-digit code with 8 to 12 digits. */
export function looksLikePhoneNumber(text: string): boolean {
  const compact = text.replace(/[\s-]/g, '');
  return /^\d{10}$/.test(compact) || /^\+\d{2}\d{8,12}$/.test(compact);
}

/**
 * A stored or typed phone number as every screen shows it (issue 39 §19): an Indian mobile
 * ('9850033333', '09850033333', '+91-98500-33333') as '+91 98500 33333'. Anything else (a
 * landline with its STD code, another country's number) is shown as it was entered, since
 * its grouping is not ours to guess.
 */
export function formatPhone(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  const compact = text.replace(/[\s().-]/g, '');
  const mobile = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(compact);
  if (!mobile?.[1]) return text;
  return `+91 ${mobile[1].slice(0, 5)} ${mobile[1].slice(5)}`;
}
