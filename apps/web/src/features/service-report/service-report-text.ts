/**
 * How the service report writes its values (issue 22): shared by the PDF and the printable
 * page, so the page's chunk carries no PDF code and both say the same.
 */

/** A status as the report names it. */
export const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  assigned: 'Assigned',
  'in-progress': 'In progress',
  paused: 'Paused',
  'pending-approval': 'Work completed, waiting for approval',
  transferring: 'Transferring',
  transferred: 'Transferred',
  completed: 'Completed',
  rejected: 'Rejected',
};

const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const dateFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** '24 Nov 2026, 7:46 pm' in India's time, whatever the phone's zone. */
export function reportDateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat.format(date).replace(/\s+/g, ' ');
}

/** A day ('2027-11-24') as '24 Nov 2027'. */
export function reportDate(day: string | null): string {
  if (!day) return '—';
  const date = new Date(`${day.slice(0, 10)}T12:00:00+05:30`);
  return Number.isNaN(date.getTime()) ? day : dateFormat.format(date);
}

/** A checklist answer as the customer reads it. */
export function answerText(kind: string, answer: string | null): string {
  if (answer === null || answer === '') return 'Not answered';
  if (kind === 'yes-no') return answer === 'yes' ? 'Yes' : answer === 'no' ? 'No' : answer;
  return answer;
}

/** A photo's stage as the report names it (the domain's labels without its validation code). */
export const STAGE_LABELS: Record<string, string> = {
  before: 'Before',
  during: 'During',
  after: 'After',
};
