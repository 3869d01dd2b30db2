import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/text-area-field';
import { TextField } from '../../ui/text-field';
import { raiseComplaint } from './api/job-status';
import type { JobStatusText } from './job-status-text';

/**
 * 'Raise a complaint' on a completed installation: the problem and the customer's phone (the
 * server checks it against the job). The server's refusal is shown as it says it; what was
 * typed stays for another try.
 */
export function ComplaintForm({ token, text }: { token: string; text: JobStatusText }) {
  const [description, setDescription] = useState('');
  const [phone, setPhone] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [raised, setRaised] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const answer = await raiseComplaint(token, { description, phone });
      setRaised(answer.orderId);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  }

  if (raised) return <Alert tone="success">{text.complaintDone(raised)}</Alert>;
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <p className="text-sm text-slate-600">{text.complaintHelp}</p>
      {error && <Alert>{error}</Alert>}
      <TextAreaField
        label={text.description}
        placeholder={text.descriptionPlaceholder}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        rows={3}
        maxLength={1000}
      />
      <TextField
        label={text.phone}
        placeholder={text.phonePlaceholder}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <Button type="submit" loading={sending} loadingText={text.submitting} className="w-full">
        {text.submit}
      </Button>
    </form>
  );
}
