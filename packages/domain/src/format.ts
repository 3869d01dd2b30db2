/**
 * Each formatter is built on first use: building one loads the locale's data, which on a slow
 * phone costs tens of milliseconds a formatter, and a screen uses one or two of them.
 */
function once<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

const shortDateTime = once(
  () => new Intl.DateTimeFormat('en-IN', { dateStyle: 'short', timeStyle: 'short' }),
);

const shortDate = once(() => new Intl.DateTimeFormat('en-IN', { dateStyle: 'short' }));

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** en-IN short date with hour and minute, e.g. 22/11/26, 3:47 pm. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value == null) return '';
  const date = toDate(value);
  return date ? shortDateTime().format(date) : '';
}

export function formatDate(value: string | Date | null | undefined): string {
  if (value == null) return '';
  const date = toDate(value);
  return date ? shortDate().format(date) : '';
}

const printedDay = once(
  () => new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }),
);

/**
 * A date 'YYYY-MM-DD' as invoices print it, '23 Nov 2026': the invoice's own date and every
 * date on its lines (an AMC's term, issue 39 item 9); anything else is returned as it came.
 */
export function printedDate(isoDay: string): string {
  const day = new Date(`${isoDay}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? isoDay : printedDay().format(day);
}
