import { type FormEvent, useId, useState } from 'react';
import { BottomSheet } from './bottom-sheet';
import { Button } from './button';
import { DARK_SECONDARY } from './dashboard-panels';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  label: string;
  placeholder?: string;
  submitLabel: string;
  /** The button that leaves without a change; 'Cancel' unless that reads like the action. */
  dismissLabel?: string;
  tone?: 'primary' | 'danger';
  /** Resolves true when the change was made; the dialog then closes. */
  onSubmit: (reason: string) => Promise<boolean>;
  onClose: () => void;
}

/** Spec 2 §5: pause and stop need a non-blank reason; Submit stays disabled until there is one. */
export function ReasonDialog({
  open,
  title,
  label,
  placeholder,
  submitLabel,
  dismissLabel = 'Cancel',
  tone = 'primary',
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const fieldId = useId();
  const formId = useId();
  const blank = reason.trim() === '';

  const close = () => {
    setReason('');
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    setSaving(true);
    const done = await onSubmit(reason.trim());
    setSaving(false);
    if (done) close();
  };

  return (
    <BottomSheet
      open={open}
      onClose={close}
      title={title}
      size="sm"
      dismissible={!saving}
      footer={
        <>
          <Button variant="secondary" className={DARK_SECONDARY} onClick={close} disabled={saving}>
            {dismissLabel}
          </Button>
          <Button type="submit" form={formId} variant={tone} disabled={blank} loading={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit}>
        <label
          htmlFor={fieldId}
          className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          {label}
        </label>
        <textarea
          id={fieldId}
          rows={4}
          required
          value={reason}
          placeholder={placeholder}
          onChange={(event) => setReason(event.target.value)}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none sm:text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:placeholder:text-slate-500"
        />
      </form>
    </BottomSheet>
  );
}
