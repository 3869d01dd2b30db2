import { Check, Eraser, MessageSquare, X } from 'lucide-react';
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { useSignaturePad } from '../../shared/signature-pad';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/text-area-field';
import { TextField } from '../../ui/text-field';
import type { QuoteResponseKind } from './api/public-quote';
import type { QuotePageText } from './quote-page-text';

/**
 * One request at a time, whatever the taps: the flag is a ref, set before the first await, so
 * a second tap in the same frame (before React disables the button) sends nothing.
 */
function useOnce() {
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await work();
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);
  return { pending, run };
}

export type AnswerMode = 'accept' | QuoteResponseKind;

/** Accept, Request changes, Decline: the three answers, each opening its own short form. */
export function AnswerButtons({
  total,
  onOpen,
  text,
}: {
  total: string;
  onOpen: (mode: AnswerMode) => void;
  text: QuotePageText;
}) {
  return (
    <div className="space-y-2">
      <Button
        className="h-12 w-full text-base"
        icon={<Check aria-hidden="true" className="size-5" />}
        onClick={() => onOpen('accept')}
      >
        {text.acceptTotal(total)}
      </Button>
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          className="h-11 px-2"
          icon={<MessageSquare aria-hidden="true" className="size-4" />}
          onClick={() => onOpen('request-changes')}
        >
          {text.requestChanges}
        </Button>
        <Button
          variant="secondary"
          className="h-11 px-2 text-red-700"
          icon={<X aria-hidden="true" className="size-4" />}
          onClick={() => onOpen('decline')}
        >
          {text.decline}
        </Button>
      </div>
    </div>
  );
}

/**
 * 'Accept': the customer's typed name (required) and their signature on the pad; sent once.
 * `onAccept` resolves with a refusal to show, or null when it went through.
 */
export function AcceptForm({
  total,
  onAccept,
  onCancel,
  text,
}: {
  total: string;
  onAccept: (name: string, signature: string | null) => Promise<string | null>;
  onCancel: () => void;
  text: QuotePageText;
}) {
  const ids = useId();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [signed, setSigned] = useState(false);
  const onPadChange = useCallback((empty: boolean) => setSigned(!empty), []);
  const pad = useSignaturePad(onPadChange);
  const once = useOnce();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(text.nameRequired);
      return;
    }
    void once.run(async () => {
      setRefusal(await onAccept(name, signed ? pad.dataUrl() : null));
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm"
      aria-label={text.accept}
    >
      <h2 className="text-base font-semibold text-slate-900">{text.accept}</h2>
      {refusal && <Alert>{refusal}</Alert>}
      <TextField
        label={text.yourName}
        hint={text.yourNameHelp}
        error={nameError}
        value={name}
        autoComplete="name"
        maxLength={100}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(undefined);
        }}
      />
      <div>
        <p id={`${ids}-pad`} className="mb-1.5 text-sm font-medium text-slate-700">
          {text.signature}
        </p>
        <canvas
          ref={pad.attach}
          role="img"
          aria-labelledby={`${ids}-pad`}
          aria-describedby={`${ids}-pad-hint`}
          data-testid="signature-pad"
          className="block h-40 w-full touch-none rounded-lg border-2 border-dashed border-slate-300 bg-white"
        />
        <div className="mt-1 flex items-center justify-between gap-2">
          <p id={`${ids}-pad-hint`} className="text-xs text-slate-500">
            {text.signatureHelp}
          </p>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            icon={<Eraser aria-hidden="true" className="size-4" />}
            onClick={pad.clear}
            disabled={!signed || once.pending}
          >
            {text.clear}
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-[auto_1fr] gap-2">
        <Button
          type="button"
          variant="secondary"
          className="h-12"
          onClick={onCancel}
          disabled={once.pending}
        >
          {text.cancel}
        </Button>
        <Button
          type="submit"
          className="h-12 text-base"
          loading={once.pending}
          loadingText={text.accepting}
          icon={<Check aria-hidden="true" className="size-5" />}
        >
          {text.acceptTotal(total)}
        </Button>
      </div>
    </form>
  );
}

/** 'Request changes' or 'Decline', each with the customer's note (required). */
export function RespondForm({
  kind,
  onSend,
  onCancel,
  text,
}: {
  kind: QuoteResponseKind;
  onSend: (note: string) => Promise<string | null>;
  onCancel: () => void;
  text: QuotePageText;
}) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const once = useOnce();
  const title = kind === 'decline' ? text.decline : text.requestChanges;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setNoteError(text.noteRequired);
      return;
    }
    void once.run(async () => {
      setRefusal(await onSend(note));
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm"
      aria-label={title}
    >
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {refusal && <Alert>{refusal}</Alert>}
      <TextAreaField
        label={text.note}
        placeholder={kind === 'decline' ? text.declinePlaceholder : text.changesPlaceholder}
        error={noteError}
        value={note}
        rows={4}
        maxLength={2000}
        onChange={(event) => {
          setNote(event.target.value);
          setNoteError(undefined);
        }}
      />
      <div className="grid grid-cols-[auto_1fr] gap-2">
        <Button
          type="button"
          variant="secondary"
          className="h-12"
          onClick={onCancel}
          disabled={once.pending}
        >
          {text.cancel}
        </Button>
        <Button
          type="submit"
          variant={kind === 'decline' ? 'danger' : 'primary'}
          className="h-12"
          loading={once.pending}
          loadingText={text.sending}
        >
          {kind === 'decline' ? text.sendDecline : text.sendChanges}
        </Button>
      </div>
    </form>
  );
}
