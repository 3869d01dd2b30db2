import { looksLikePhoneNumber } from '@karya/domain/phone-rules';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { bookDemo } from './api/book-demo';
import { currentLanguage } from './landing-i18n';

type State = { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent' };

const inputClass =
  'block h-12 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/25 focus:outline-none aria-[invalid=true]:border-red-600';

/**
 * Spec 2 §2: the demo-booking mobile field, sent for real (POST /api/demo-requests). The
 * number is checked with the spec's phone test before it leaves; the server checks again.
 */
export function DemoRequestForm() {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'editing' });
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // The fields are uncontrolled: what a visitor types before the page's script has woken up
  // (landing-boot.ts) stays in them, and is read here.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const form = new FormData(event.currentTarget);
    const field = (key: string) => String(form.get(key) ?? '').trim();
    const phone = field('phone');
    if (!looksLikePhoneNumber(phone)) {
      setPhoneError('demo.invalidPhone');
      return;
    }
    setPhoneError(null);
    setState({ kind: 'sending' });
    try {
      await bookDemo({
        phone,
        name: field('name'),
        city: field('city'),
        language: currentLanguage(),
        website: field('website'),
      });
      setState({ kind: 'sent' });
    } catch (error) {
      setState({ kind: 'editing' });
      if (error instanceof ApiError && error.status === 400) setPhoneError('demo.invalidPhone');
      else
        setFailure(
          error instanceof ApiError && error.status === 429 ? 'demo.tooMany' : 'demo.failed',
        );
    }
  };

  if (state.kind === 'sent') {
    return (
      <div
        role="status"
        className="rounded-xl border border-green-300 bg-green-50 p-5 text-green-900"
      >
        <p className="flex items-center gap-2 text-lg font-semibold">
          <CircleCheck aria-hidden="true" className="size-6 shrink-0" />
          {t('demo.thanksTitle')}
        </p>
        <p className="mt-2">{t('demo.thanks')}</p>
        <button
          type="button"
          onClick={() => setState({ kind: 'editing' })}
          className="mt-4 min-h-11 text-sm font-medium text-green-900 underline underline-offset-2"
        >
          {t('demo.another')}
        </button>
      </div>
    );
  }

  const sending = state.kind === 'sending';
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="relative space-y-4"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        {t('demo.title')}
      </h3>
      {failure ? (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {t(failure)}
        </p>
      ) : null}
      <div>
        <label htmlFor={`${id}-phone`} className="mb-1.5 block text-sm font-medium text-slate-800">
          {t('demo.phoneLabel')}
        </label>
        <input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={`${id}-phone-note`}
          className={inputClass}
        />
        <p
          id={`${id}-phone-note`}
          className={phoneError ? 'mt-1 text-sm text-red-700' : 'mt-1 text-sm text-slate-600'}
        >
          {t(phoneError ?? 'demo.phoneHint')}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('demo.nameLabel')}
          </label>
          <input
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            maxLength={100}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-city`} className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('demo.cityLabel')}
          </label>
          <input
            id={`${id}-city`}
            name="city"
            autoComplete="address-level2"
            maxLength={100}
            className={inputClass}
          />
        </div>
      </div>
      {/* The honeypot: off screen and out of the tab order, so only a bot fills it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>{t('demo.honeypot')}</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <button
        type="submit"
        disabled={sending}
        className="min-h-12 w-full rounded-lg bg-blue-700 px-5 text-base font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:bg-blue-500 sm:w-auto"
      >
        {sending ? t('demo.sending') : t('demo.submit')}
      </button>
    </form>
  );
}
