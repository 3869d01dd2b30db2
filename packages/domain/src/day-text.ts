/**
 * Calendar days written as Indian paperwork writes them, from an ISO day ('2026-04-05'),
 * read as digits so that no time zone can move the day.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** The day's parts; throws on anything that is not 'YYYY-MM-DD…' with a real month. */
export function isoDayParts(iso: string): { year: number; month: number; day: number } {
  const match = ISO_DAY.exec(iso);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) throw new RangeError(`Not an ISO date: '${iso}'`);
  return { year: Number(match[1]), month, day: Number(match[3]) };
}

/** '05 Apr 2026' with separator ' '; '05-Apr-2026' with '-'. */
export function dayMonthYear(iso: string, separator: string): string {
  const { year, month, day } = isoDayParts(iso);
  return [String(day).padStart(2, '0'), MONTHS[month - 1], String(year)].join(separator);
}

/** Whole days from one ISO day to another (negative if `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const utc = (iso: string) => {
    const { year, month, day } = isoDayParts(iso);
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}
