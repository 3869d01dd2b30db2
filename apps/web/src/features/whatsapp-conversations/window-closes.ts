import { addDays, indiaDayOf } from '@karya/domain/schedule';

// By India's clock wherever the desk is read (a laptop left on another zone, a test runner):
// the customer's 24 hours are told as the branch reads the time.
const TIME_ZONE = 'Asia/Kolkata';

const timeOfDay = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: TIME_ZONE,
});
const dateAndTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: TIME_ZONE,
});

const lowerHalf = (text: string) =>
  text.replace(/\s?([AP]M)$/i, (_match, half: string) => ` ${half.toLowerCase()}`);

/**
 * '4:35 pm' today, '4:35 pm tomorrow' (a window opened today closes tomorrow), else the date:
 * the manager reads how long is left to reply. Today and tomorrow are India days.
 */
export function windowCloses(iso: string, now = new Date()): string {
  const until = new Date(iso);
  const time = lowerHalf(timeOfDay.format(until));
  const today = indiaDayOf(now);
  const day = indiaDayOf(until);
  if (day === today) return time;
  if (day === addDays(today, 1)) return `${time} tomorrow`;
  return lowerHalf(dateAndTime.format(until));
}
