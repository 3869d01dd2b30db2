import { visitText } from '@karya/domain/schedule';
import type { ScheduleMoveAnswer } from '@karya/domain/schedule-schemas';
import { X } from 'lucide-react';
import { SendUpdateLink } from '../../shared/send-update-link';

/**
 * After a move of a visit the customer had been told of (issue 34): the new time, and the
 * 'Visit rescheduled' update to send, filled from the server's facts of the order as it now
 * is; or, where the server sends it by itself (issue 40), that it does. Stays until closed,
 * so a second move in between does not lose it.
 */
export function RescheduleNotice({
  job,
  onClose,
}: {
  job: ScheduleMoveAnswer;
  onClose: () => void;
}) {
  if (!job.rescheduledFrom || !job.start || !job.end) return null;
  const now = visitText({ start: job.start, end: job.end, window: job.window });
  const before = visitText({ start: job.rescheduledFrom, end: job.rescheduledFrom, window: null });
  return (
    <section
      // Each order's own: several may show at once, each closed on its own.
      aria-label={`Visit rescheduled: ${job.orderId}`}
      className="mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{job.orderId}</span> now: {now}.{' '}
        {job.sentAutomatically
          ? 'Karya sends the customer the new time on WhatsApp.'
          : `The customer was told ${before}.`}
      </p>
      {job.sentAutomatically ? null : (
        <SendUpdateLink order={{ orderId: job.orderId }} event="visitRescheduled" />
      )}
      <button
        type="button"
        onClick={onClose}
        aria-label="Close"
        className="rounded p-1 text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-amber-600"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  );
}
