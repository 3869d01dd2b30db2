/*
 * Phone rules with no dependency at all, so a page that needs only them (the public landing
 * page) does not load the schema library with them.
 */

/** Spec 1 §5, empty-search phone test: 10 digits, or + and a 2-digit code with 8 to 12 digits. */
export function looksLikePhoneNumber(text: string): boolean {
  const compact = text.replace(/[\s-]/g, '');
  return /^\d{10}$/.test(compact) || /^\+\d{2}\d{8,12}$/.test(compact);
}
