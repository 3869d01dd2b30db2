import type { UnitComplaintAnswer } from '@karya/domain/complaint-schemas';
import { Camera, X } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage, NETWORK_ERROR_MESSAGE } from '../../lib/api-client';
import { shrinkPhoto } from '../../shared/shrink-photo';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/text-area-field';
import { TextField } from '../../ui/text-field';
import { raiseUnitComplaint } from './api/unit-page';
import { UNIT_PAGE_TEXT, type UnitPageText } from './unit-page-text';

/** The server takes JPEG, PNG or WebP up to 10 MB (COMPLAINT_MESSAGES.photoInvalid). */
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

type Field = 'description' | 'phone' | 'photo';
type Errors = Partial<Record<Field | 'form', string>>;

/** The server's English messages the page says in the customer's language, at their field. */
const KNOWN: ReadonlyArray<[keyof UnitPageText & string, Field]> = [
  ['phoneMismatch', 'phone'],
  ['phoneRequired', 'phone'],
  ['descriptionRequired', 'description'],
  ['photoInvalid', 'photo'],
];

function translated(message: string, text: UnitPageText): string {
  const known = KNOWN.find(([key]) => UNIT_PAGE_TEXT.en[key] === message);
  return known ? (text[known[0]] as string) : message;
}

/** Where a refusal belongs: at its field when it names one, else above the form. */
export function errorsOf(failure: unknown, text: UnitPageText): Errors {
  if (!(failure instanceof ApiError)) return { form: NETWORK_ERROR_MESSAGE };
  if (failure.status === 429) return { form: text.tooMany };
  if (failure.status === 404) return { form: text.notFound };
  const known = KNOWN.find(([key]) => UNIT_PAGE_TEXT.en[key] === failure.message);
  if (known) return { [known[1]]: text[known[0]] as string };
  const errors: Errors = {};
  for (const { field, message } of failure.fieldErrors) {
    if (field === 'description' || field === 'phone' || field === 'photo')
      errors[field] ??= translated(message, text);
  }
  if (Object.keys(errors).length > 0) return errors;
  return { form: errorMessage(failure, NETWORK_ERROR_MESSAGE) };
}

/**
 * The photo as it goes up: the camera's shot re-drawn as a JPEG of at most 1600 px (a few
 * hundred kB instead of 3–6 MB, on a weak signal), or the file itself when this phone cannot
 * draw it (the server decodes it either way).
 */
async function uploadOf(photo: File): Promise<Blob> {
  try {
    return await shrinkPhoto(photo);
  } catch {
    return photo;
  }
}

/**
 * 'Raise a complaint' on the unit's page: what is wrong, an optional photo from the camera,
 * and the customer's phone, which the server checks against the unit's customer. What was
 * typed and chosen stays through any refusal. With a complaint already open the same form
 * adds to it (the server joins it).
 */
export function UnitComplaintForm({
  token,
  text,
  joining,
}: {
  token: string;
  text: UnitPageText;
  /** A complaint on the unit is open: the words say the message is added to it. */
  joining: boolean;
}) {
  const [description, setDescription] = useState('');
  const [phone, setPhone] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [answer, setAnswer] = useState<UnitComplaintAnswer | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Errors = {};
    if (!description.trim()) missing.description = text.descriptionRequired;
    if (!phone.trim()) missing.phone = text.phoneRequired;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setSending(true);
    try {
      const upload = photo ? await uploadOf(photo) : null;
      if (upload && upload.size > PHOTO_MAX_BYTES) {
        setErrors({ photo: text.photoInvalid });
        return;
      }
      setAnswer(await raiseUnitComplaint(token, { description, phone, photo: upload }));
    } catch (failure) {
      setErrors(errorsOf(failure, text));
    } finally {
      setSending(false);
    }
  }

  function choosePhoto(file: File | null) {
    setErrors(({ photo: _photo, ...rest }) => rest);
    if (file && !file.type.startsWith('image/')) {
      setErrors((current) => ({ ...current, photo: text.photoInvalid }));
      return;
    }
    setPhoto(file);
  }

  if (answer) {
    return (
      <div className="space-y-3">
        <Alert tone="success">{answer.joined ? text.complaintJoined : text.complaintRaised}</Alert>
        <Link
          to={answer.statusPath}
          className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-blue-600 px-4 text-sm font-medium text-white"
        >
          {text.seeStatus}
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-busy={sending || undefined}>
      <p className="text-sm text-slate-600">{text.complaintHelp}</p>
      {errors.form && <Alert>{errors.form}</Alert>}
      <TextAreaField
        label={text.description}
        placeholder={text.descriptionPlaceholder}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={errors.description}
        rows={3}
        maxLength={2000}
      />
      <PhotoField photo={photo} onChoose={choosePhoto} error={errors.photo} text={text} />
      <TextField
        label={text.phone}
        hint={text.phoneHelp}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={errors.phone}
        maxLength={20}
      />
      <Button
        type="submit"
        size="lg"
        loading={sending}
        loadingText={text.submitting}
        className="w-full"
      >
        {joining ? text.submitAdd : text.submit}
      </Button>
    </form>
  );
}

/** The camera's photo (or one from the gallery), shown small with a way to take it back. */
function PhotoField({
  photo,
  onChoose,
  error,
  text,
}: {
  photo: File | null;
  onChoose: (file: File | null) => void;
  error: string | undefined;
  text: UnitPageText;
}) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  function changed(event: ChangeEvent<HTMLInputElement>) {
    onChoose(event.target.files?.[0] ?? null);
    // The same file chosen again after Remove still fires a change.
    event.target.value = '';
  }

  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-slate-700">{text.photo}</p>
      {photo && preview ? (
        <div className="flex items-start gap-3">
          <img
            src={preview}
            alt={text.photoPreview}
            className="h-24 w-24 shrink-0 rounded-lg border border-slate-200 object-cover"
          />
          <div className="min-w-0 space-y-2">
            <p className="truncate text-xs text-slate-500">{photo.name}</p>
            <Button
              variant="secondary"
              size="sm"
              icon={<X aria-hidden="true" className="size-4" />}
              onClick={() => {
                onChoose(null);
                input.current?.focus();
              }}
            >
              {text.removePhoto}
            </Button>
          </div>
        </div>
      ) : (
        <p className="mb-2 text-xs text-slate-500">{text.photoHelp}</p>
      )}
      <label
        htmlFor={inputId}
        className={
          photo
            ? 'sr-only'
            : 'inline-flex min-h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-slate-400 bg-white px-4 text-sm font-medium text-slate-700 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-600 hover:bg-slate-50'
        }
      >
        <Camera aria-hidden="true" className="size-5" />
        {text.addPhoto}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          onChange={changed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
