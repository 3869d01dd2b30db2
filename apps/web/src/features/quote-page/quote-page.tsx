import { dayMonthYear } from '@karya/domain/day-text';
import type { QuoteChoice } from '@karya/domain/quotation';
import type { PublicQuote } from '@karya/domain/quotation-schemas';
import { clockText, indiaClockOf, indiaDayOf } from '@karya/domain/schedule';
import { DEFAULT_UPDATE_LANGUAGE, type UpdateLanguage } from '@karya/domain/update-languages';
import { CircleCheck } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client';
import { rupees } from '../../lib/money';
import {
  BusinessHeading,
  LanguageSwitch,
  Section,
  storedLanguage,
} from '../../shared/public-page-parts';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Loading } from '../../ui/spinner';
import { AdvancePayment } from './advance-payment';
import { acceptQuote, getPublicQuote, respondToQuote } from './api/public-quote';
import { AcceptForm, AnswerButtons, type AnswerMode, RespondForm } from './quote-answer';
import {
  acceptBody,
  choiceTotals,
  chooseOption,
  chosenLines,
  initialChoice,
  optionalLines,
  quoteNumberOf,
  standingOf,
  toggleOptional,
} from './quote-choice';
import { OptionalLines, OptionCards, QuoteLineList, QuoteTotalsTable } from './quote-lines';
import { QUOTE_PAGE_TEXT, type QuotePageText } from './quote-page-text';
import { ShopContact } from './shop-contact';

/** The customer's own choice on this phone for this link, over the language the shop has. */
const languageKeyOf = (token: string) => `karya.quoteLanguage.${token}`;

/**
 * India's day and clock, as the job-status page tells a visit: not the desk's formatters,
 * whose chunk brings the signed-in screens' query library to a customer's phone.
 */
const dayOf = (iso: string) => dayMonthYear(indiaDayOf(new Date(iso)), ' ');
const momentOf = (iso: string) => {
  const at = new Date(iso);
  return `${dayOf(iso)}, ${clockText(indiaClockOf(at))}`;
};

type Load =
  | { state: 'loading' }
  | { state: 'ready'; quote: PublicQuote }
  | { state: 'failed'; message: string; deadLink: boolean };

/**
 * /q/:token — the customer's quotation (issue 35): no login, phone first, in the contact's
 * language with a switch. They pick an option, tick extras and see the total the bill will
 * ask; then accept with their name and signature, ask for changes, or decline.
 */
export function QuotePage() {
  const { token = '' } = useParams();
  const [chosen, setChosen] = useState<UpdateLanguage | null>(() =>
    storedLanguage(languageKeyOf(token)),
  );
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  /** Set when an answer found a newer version than the one on screen. */
  const [revised, setRevised] = useState(false);
  const shownVersion = useRef<number | null>(null);
  const language =
    chosen ?? (load.state === 'ready' ? load.quote.language : null) ?? DEFAULT_UPDATE_LANGUAGE;
  const text = QUOTE_PAGE_TEXT[language];

  const fetchQuote = useCallback(
    (quiet = false) => {
      if (!quiet) setLoad({ state: 'loading' });
      return getPublicQuote(token).then(
        (quote) => {
          if (shownVersion.current !== null && shownVersion.current !== quote.version)
            setRevised(true);
          shownVersion.current = quote.version;
          setLoad({ state: 'ready', quote });
        },
        (failure: unknown) =>
          setLoad({
            state: 'failed',
            message: errorMessage(failure, 'Server error. Please try again later.'),
            deadLink: failure instanceof ApiError && failure.status === 404,
          }),
      );
    },
    [token],
  );
  useEffect(() => {
    void fetchQuote();
  }, [fetchQuote]);

  function choose(next: UpdateLanguage) {
    localStorage.setItem(languageKeyOf(token), next);
    setChosen(next);
  }

  const quote = load.state === 'ready' ? load.quote : null;
  return (
    <main className="min-h-dvh bg-slate-50 pb-10" lang={language === 'en' ? 'en-IN' : 'hi-Latn'}>
      <title>
        {quote
          ? `${text.quotation} ${quoteNumberOf(quote)} · ${quote.business.name || quote.branch.name}`
          : 'Karya'}
      </title>
      <meta name="robots" content="noindex, nofollow" />
      <header className="flex items-center justify-between gap-3 bg-white px-4 py-3 shadow-sm">
        {quote ? (
          <BusinessHeading business={quote.business} branch={quote.branch} />
        ) : (
          <p className="text-base font-semibold text-slate-900">Karya</p>
        )}
        <LanguageSwitch language={language} onChoose={choose} />
      </header>
      <div className="mx-auto max-w-2xl space-y-4 px-4 pt-4">
        {load.state === 'loading' && <Loading label={text.loading} />}
        {load.state === 'failed' && (
          <div className="space-y-3">
            <Alert>{load.deadLink ? text.notFound : load.message}</Alert>
            {!load.deadLink && (
              <Button variant="secondary" onClick={() => void fetchQuote()}>
                {text.retry}
              </Button>
            )}
          </div>
        )}
        {quote && (
          <QuoteView
            key={`${quote.version}-${quote.status}`}
            quote={quote}
            token={token}
            text={text}
            revised={revised}
            onChanged={() => fetchQuote(true)}
          />
        )}
      </div>
    </main>
  );
}

function QuoteView({
  quote,
  token,
  text,
  revised,
  onChanged,
}: {
  quote: PublicQuote;
  token: string;
  text: QuotePageText;
  revised: boolean;
  onChanged: () => Promise<void>;
}) {
  const standing = standingOf(quote);
  const open = standing === 'open';
  const [choice, setChoice] = useState<QuoteChoice>(() => initialChoice(quote));
  const [mode, setMode] = useState<AnswerMode | null>(null);
  const totals = useMemo(() => choiceTotals(quote, choice), [quote, choice]);
  const number = quoteNumberOf(quote);
  const lines = chosenLines(quote, choice);
  const extras = open
    ? optionalLines(quote, choice)
    : optionalLines(quote, choice).filter((line) => choice.optionalLineIds.includes(line._id));
  const totalText = rupees(totals.total);

  /** After a refusal the quote is read again: a new version, expiry or acceptance shows. */
  const answered = async (send: () => Promise<unknown>): Promise<string | null> => {
    try {
      await send();
      await onChanged();
      return null;
    } catch (failure) {
      const message = errorMessage(failure, 'Server error. Please try again later.');
      if (failure instanceof ApiError && !failure.isNetworkError && failure.status < 500)
        await onChanged();
      return message;
    }
  };

  return (
    <>
      {revised && <Alert tone="info">{text.revised}</Alert>}
      <section className="rounded-xl bg-white p-4 shadow-sm">
        <p className="text-sm text-slate-500">{text.quotation}</p>
        <h1 className="text-xl font-semibold break-words text-slate-900">{number}</h1>
        <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
          <div>
            <dt className="text-slate-500">{text.date}</dt>
            <dd className="font-medium text-slate-900">{dayOf(quote.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{text.validUntil}</dt>
            <dd className="font-medium text-slate-900">{dayMonthYear(quote.validUntil, ' ')}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-slate-500">{text.preparedFor}</dt>
            <dd className="font-medium break-words text-slate-900">
              {quote.customerName} · {quote.projectType}
            </dd>
          </div>
        </dl>
      </section>

      <StandingNotice quote={quote} number={number} text={text} />

      {/* Once accepted, the advance is what the customer may do next: right below. */}
      {standing === 'accepted' && <AdvancePayment quote={quote} text={text} />}

      {/* Accepted, the notice names the option chosen; the others are no longer a choice. */}
      {quote.options.length > 0 && standing !== 'accepted' && (
        <OptionCards
          quote={quote}
          choice={choice}
          onChoose={(option) => setChoice((current) => chooseOption(quote, current, option))}
          text={text}
          disabled={!open}
        />
      )}

      <Section title={text.items}>
        <QuoteLineList lines={lines} text={text} charged={quote.taxing.kind === 'tax-invoice'} />
      </Section>

      {extras.length > 0 && (
        <Section title={text.extras}>
          {open && <p className="mb-3 text-sm text-slate-600">{text.extrasHelp}</p>}
          <OptionalLines
            charged={quote.taxing.kind === 'tax-invoice'}
            lines={extras}
            choice={choice}
            onTick={(lineId, ticked) =>
              setChoice((current) => toggleOptional(current, lineId, ticked))
            }
            text={text}
            disabled={!open}
          />
        </Section>
      )}

      <section className="rounded-xl bg-white p-4 shadow-sm" aria-label={text.total}>
        <QuoteTotalsTable quote={quote} totals={totals} text={text} />
      </section>

      {open &&
        (mode === 'accept' ? (
          <AcceptForm
            total={totalText}
            text={text}
            onCancel={() => setMode(null)}
            onAccept={(name, signature) =>
              answered(() => acceptQuote(token, acceptBody(quote, choice, name, signature)))
            }
          />
        ) : mode ? (
          <RespondForm
            kind={mode}
            text={text}
            onCancel={() => setMode(null)}
            onSend={(note) => answered(() => respondToQuote(token, mode, note))}
          />
        ) : (
          <AnswerButtons total={totalText} onOpen={setMode} text={text} />
        ))}

      {quote.terms.trim() && (
        <Section title={text.terms}>
          <p className="text-sm break-words whitespace-pre-line text-slate-700">{quote.terms}</p>
        </Section>
      )}
      {quote.notes.trim() && (
        <Section title={text.notes}>
          <p className="text-sm break-words whitespace-pre-line text-slate-700">{quote.notes}</p>
        </Section>
      )}

      <Section title={text.contactShop}>
        <p className="mb-3 text-sm text-slate-700">
          {quote.branch.name}
          {quote.branch.address ? ` · ${quote.branch.address}` : ''}
        </p>
        {/* Declined or expired, the buttons are already in the notice at the top. */}
        {(open || standing === 'accepted') && (
          <ShopContact quote={quote} number={number} text={text} />
        )}
      </Section>
    </>
  );
}

/** What became of the quote, in the customer's words, and what they can do now. */
function StandingNotice({
  quote,
  number,
  text,
}: {
  quote: PublicQuote;
  number: string;
  text: QuotePageText;
}) {
  const standing = standingOf(quote);
  if (standing === 'accepted' && quote.acceptance) {
    const option = quote.options.find((o) => o.option === quote.acceptance?.option);
    return (
      <section
        className="space-y-2 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900"
        aria-label={text.accepted}
      >
        <p className="flex items-center gap-2 text-lg font-semibold">
          <CircleCheck aria-hidden="true" className="size-5" />
          {text.accepted}
        </p>
        <p className="text-sm">
          {text.acceptedBy(quote.acceptance.name, momentOf(quote.acceptance.at))}
        </p>
        {option && (
          <p className="text-sm">
            {text.acceptedOption}: <span className="font-semibold">{option.name}</span>
          </p>
        )}
        <p className="flex justify-between text-base font-semibold">
          <span>{text.acceptedTotal}</span>
          <span data-testid="accepted-total">{rupees(quote.acceptance.total)}</span>
        </p>
        {quote.acceptance.signature && (
          <img
            src={quote.acceptance.signature}
            alt={text.signature}
            className="h-20 rounded border border-green-200 bg-white"
          />
        )}
        <p className="text-sm">{text.thankYou}</p>
      </section>
    );
  }
  if (standing === 'declined') {
    return (
      <Alert tone="warning">
        <p className="font-semibold">{text.declinedTitle}</p>
        {quote.response && <p>{text.declinedOn(momentOf(quote.response.at))}</p>}
        {quote.response?.note && <p className="italic">“{quote.response.note}”</p>}
        <p>{text.declinedNext}</p>
        <div className="mt-2">
          <ShopContact quote={quote} number={number} text={text} />
        </div>
      </Alert>
    );
  }
  if (standing === 'expired') {
    return (
      <Alert tone="warning">
        <p className="font-semibold">{text.expiredTitle}</p>
        <p>{text.expiredOn(dayMonthYear(quote.validUntil, ' '))}</p>
        <p>{text.expiredNext}</p>
        <div className="mt-2">
          <ShopContact quote={quote} number={number} text={text} />
        </div>
      </Alert>
    );
  }
  if (quote.response?.kind === 'changes-requested') {
    return (
      <Alert tone="info">
        <p>{text.changesAsked(momentOf(quote.response.at))}</p>
        {quote.response.note && <p className="italic">“{quote.response.note}”</p>}
        <p>{text.changesNext}</p>
      </Alert>
    );
  }
  return null;
}
