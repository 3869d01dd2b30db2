import { answerText } from '@karya/domain/checklists';
import { formatDateTime } from '@karya/domain/format';
import { errorMessage } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { useWorkOrderChecklist } from './work-order-checklist';

/**
 * The answers of an order's checklist as the desk reads them (issue 22): each item, its
 * answer, who answered and when; required items still open are named. Draws nothing for a
 * project type without a checklist, so orders without one look as before.
 */
export function ChecklistAnswers({
  orderId,
  title = 'Checklist',
  className,
}: {
  orderId: string;
  title?: string;
  className?: string;
}) {
  const checklist = useWorkOrderChecklist(orderId);
  if (checklist.isError) {
    return (
      <Alert tone="warning">{errorMessage(checklist.error, 'Failed to fetch the checklist')}</Alert>
    );
  }
  const items = checklist.data?.items ?? [];
  if (items.length === 0) return null;
  const missing = checklist.data?.missingRequired ?? [];
  return (
    <section aria-label={title} className={className}>
      <h3 className="mb-3 text-sm font-semibold text-slate-900">{title}</h3>
      <ul className="divide-y divide-slate-100 text-sm">
        {items.map((item) => (
          <li
            key={item.itemId ?? item.label}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
          >
            <span className="min-w-0 wrap-anywhere text-slate-700">
              {item.label}
              {item.required ? <span className="text-slate-500"> (required)</span> : null}
            </span>
            {/* Issue 39: a long answer wraps, on a manager's phone too, instead of widening. */}
            <span className="ml-auto min-w-0 text-right wrap-anywhere">
              <span
                className={item.answer === null ? 'text-slate-500' : 'font-medium text-slate-900'}
              >
                {item.answer === null ? 'Not answered' : answerText(item.kind, item.answer)}
              </span>
              {item.answeredAt ? (
                <span className="block text-xs text-slate-500">
                  {item.answeredBy ? `${item.answeredBy} · ` : ''}
                  {formatDateTime(item.answeredAt)}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {missing.length > 0 ? (
        <p className="mt-2 text-xs text-amber-700">Still to answer: {missing.join(', ')}</p>
      ) : null}
    </section>
  );
}
