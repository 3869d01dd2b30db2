import {
  answerText,
  CHECKLIST_TEXT_ANSWER_MAX_LENGTH,
  type ChecklistEntry,
} from '@karya/domain/checklists';
import { ListChecks } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { cx } from '../../lib/class-names';
import { QUEUE_TEXT } from '../../shared/queued-actions-notice';
import { useWorkOrderChecklist } from '../../shared/work-order-checklist';
import { Button } from '../../ui/button';
import { DARK_SECONDARY, Panel } from '../../ui/dashboard-panels';
import { useNotify } from '../../ui/notification-context';
import { useAnswerChecklist } from './api/answer-work-order-checklist';

type Answer = (answer: string | null) => Promise<boolean>;

/** Yes / No as two buttons; tapping the chosen one again clears it. */
function YesNoAnswer({
  item,
  answer,
  busy,
}: {
  item: ChecklistEntry;
  answer: Answer;
  busy: boolean;
}) {
  return (
    <fieldset aria-label={item.label} className="flex gap-2">
      {(['yes', 'no'] as const).map((value) => {
        const chosen = item.answer === value;
        return (
          <Button
            key={value}
            size="sm"
            variant={chosen ? 'primary' : 'secondary'}
            aria-pressed={chosen}
            disabled={busy}
            className={cx('h-10 min-w-16', chosen ? undefined : DARK_SECONDARY)}
            onClick={() => void answer(chosen ? null : value)}
          >
            {value === 'yes' ? 'Yes' : 'No'}
          </Button>
        );
      })}
    </fieldset>
  );
}

/** A number or a line of text, saved with its Save button (or Enter). */
function TypedAnswer({
  item,
  answer,
  busy,
  inputId,
}: {
  item: ChecklistEntry;
  answer: Answer;
  busy: boolean;
  inputId: string;
}) {
  const [draft, setDraft] = useState(item.answer ?? '');
  const changed = draft.trim() !== (item.answer ?? '');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (changed) await answer(draft.trim() || null);
  };
  return (
    <form onSubmit={submit} className="flex gap-2">
      <input
        id={inputId}
        value={draft}
        inputMode={item.kind === 'number' ? 'decimal' : 'text'}
        maxLength={CHECKLIST_TEXT_ANSWER_MAX_LENGTH}
        onChange={(event) => setDraft(event.target.value)}
        className="block h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none sm:text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
      />
      <Button
        type="submit"
        size="sm"
        className="h-10"
        disabled={!changed || busy}
        aria-label={`Save ${item.label}`}
      >
        Save
      </Button>
    </form>
  );
}

function ChecklistRow({ orderId, item }: { orderId: string; item: ChecklistEntry }) {
  const notify = useNotify();
  const save = useAnswerChecklist(orderId);
  const inputId = useId();
  const answer: Answer = async (value) => {
    if (!item.itemId) return false;
    try {
      const { result } = await save.mutateAsync({ itemId: item.itemId, answer: value });
      if (result.queued) notify.info(QUEUE_TEXT.queued);
      return true;
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to save the answer'));
      return false;
    }
  };
  const Label = item.kind === 'yes-no' ? 'p' : 'label';
  return (
    <li className="space-y-2 py-3">
      {/* Issue 39: a long answer wraps under the label instead of squeezing it or the page. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 gap-y-0.5">
        <Label
          {...(item.kind === 'yes-no' ? {} : { htmlFor: inputId })}
          className="min-w-0 text-sm font-medium break-words text-slate-900 dark:text-slate-100"
        >
          {item.label}
          {item.required ? (
            <span aria-hidden="true" className="text-red-600 dark:text-red-400">
              *
            </span>
          ) : null}
        </Label>
        <span className="min-w-0 text-xs break-words text-slate-500 dark:text-slate-400">
          {item.answer === null
            ? item.required
              ? 'Required'
              : 'Optional'
            : `Saved: ${answerText(item.kind, item.answer)}`}
        </span>
      </div>
      {item.kind === 'yes-no' ? (
        <YesNoAnswer item={item} answer={answer} busy={save.isPending} />
      ) : (
        <TypedAnswer item={item} answer={answer} busy={save.isPending} inputId={inputId} />
      )}
    </li>
  );
}

/**
 * The current project's checklist (issue 22): the admin's items for its project type, each
 * answered and saved to the server as the technician goes; the required ones must all be
 * answered before 'Complete Project & Send for Approval' (the server refuses it otherwise).
 * Draws nothing for a project type without a checklist.
 */
export function ChecklistPanel({ orderId }: { orderId: string }) {
  const checklist = useWorkOrderChecklist(orderId);
  const data = checklist.data;
  if (!data || data.items.length === 0) return null;
  const answered = data.items.filter((item) => item.answer !== null).length;
  return (
    <Panel aria-labelledby="checklist-heading" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3
          id="checklist-heading"
          className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-slate-50"
        >
          <ListChecks aria-hidden="true" className="size-4 text-blue-600 dark:text-blue-400" />
          Checklist
        </h3>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {answered} of {data.items.length} answered
        </span>
      </div>
      {data.missingRequired.length > 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          Required before sending for approval: {data.missingRequired.join(', ')}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100 dark:divide-slate-700">
        {data.items.map((item) =>
          data.editable ? (
            <ChecklistRow key={item.itemId ?? item.label} orderId={orderId} item={item} />
          ) : (
            <li
              key={item.itemId ?? item.label}
              className="flex flex-wrap justify-between gap-x-2 py-2 text-sm"
            >
              <span className="min-w-0 break-words text-slate-700 dark:text-slate-200">
                {item.label}
              </span>
              <span className="min-w-0 font-medium break-words text-slate-900 dark:text-slate-50">
                {answerText(item.kind, item.answer)}
              </span>
            </li>
          ),
        )}
      </ul>
    </Panel>
  );
}
