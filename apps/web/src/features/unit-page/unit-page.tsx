import type { ComplaintCoverage, UnitPage as Unit } from '@karya/domain/complaint-schemas';
import { dayMonthYear } from '@karya/domain/day-text';
import { whatsappLink } from '@karya/domain/dues';
import { formatPhone } from '@karya/domain/phone-rules';
import { indiaDayOf } from '@karya/domain/schedule';
import { DEFAULT_UPDATE_LANGUAGE, type UpdateLanguage } from '@karya/domain/update-languages';
import { MessageCircle, Phone, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, errorMessage, NETWORK_ERROR_MESSAGE } from '../../lib/api-client';
import {
  BusinessHeading,
  LanguageSwitch,
  Section,
  storedLanguage,
} from '../../shared/public-page-parts';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Loading } from '../../ui/spinner';
import { getUnitPage } from './api/unit-page';
import { UnitComplaintForm } from './unit-complaint-form';
import { UNIT_PAGE_TEXT, type UnitPageText } from './unit-page-text';

/** The customer's own choice on this phone for this sticker, over the language the shop has. */
const languageKeyOf = (token: string) => `karya.unitLanguage.${token}`;

/** '05 Apr 2027' by India's calendar, from a day or a moment. */
const dayOf = (iso: string) => dayMonthYear(indiaDayOf(new Date(iso)), ' ');

type Load =
  | { state: 'loading' }
  | { state: 'ready'; unit: Unit }
  | { state: 'failed'; message: string; deadLink: boolean; tooMany: boolean };

/**
 * /u/:token — the page a unit's QR sticker opens (issue 37): no login, phone first, in the
 * customer's language with a switch. The product, its warranty and AMC, the last visits, the
 * shop to call or WhatsApp, and 'Raise a complaint', which opens (or joins) a complaint on
 * this very unit.
 */
export function UnitPage() {
  const { token = '' } = useParams();
  const [chosen, setChosen] = useState<UpdateLanguage | null>(() =>
    storedLanguage(languageKeyOf(token)),
  );
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const language =
    chosen ?? (load.state === 'ready' ? load.unit.language : null) ?? DEFAULT_UPDATE_LANGUAGE;
  const text = UNIT_PAGE_TEXT[language];

  const fetchUnit = useCallback(() => {
    setLoad({ state: 'loading' });
    getUnitPage(token).then(
      (unit) => setLoad({ state: 'ready', unit }),
      (failure: unknown) =>
        setLoad({
          state: 'failed',
          message: errorMessage(failure, NETWORK_ERROR_MESSAGE),
          // A sticker no unit answers to stays so; a network error or a busy server may pass.
          deadLink: failure instanceof ApiError && failure.status === 404,
          tooMany: failure instanceof ApiError && failure.status === 429,
        }),
    );
  }, [token]);
  useEffect(fetchUnit, [fetchUnit]);

  function choose(next: UpdateLanguage) {
    localStorage.setItem(languageKeyOf(token), next);
    setChosen(next);
  }

  const unit = load.state === 'ready' ? load.unit : null;
  return (
    <main className="min-h-dvh bg-slate-50 pb-10" lang={language === 'en' ? 'en-IN' : 'hi-Latn'}>
      <title>
        {unit ? `${unit.productName} · ${unit.business.name || unit.branch.name}` : 'Karya'}
      </title>
      <meta name="robots" content="noindex, nofollow" />
      <header className="bg-white shadow-sm">
        <div className="mx-auto flex max-w-lg items-center justify-between gap-3 px-4 py-3 md:max-w-4xl">
          {unit ? (
            <BusinessHeading business={unit.business} branch={unit.branch} />
          ) : (
            <p className="text-base font-semibold text-slate-900">Karya</p>
          )}
          <LanguageSwitch language={language} onChoose={choose} />
        </div>
      </header>
      <div className="mx-auto max-w-lg space-y-4 px-4 pt-4 md:max-w-4xl">
        {load.state === 'loading' && <Loading label={text.loading} />}
        {load.state === 'failed' && (
          <div className="space-y-3">
            <Alert>
              {load.deadLink ? text.notFound : load.tooMany ? text.tooMany : load.message}
            </Alert>
            {!load.deadLink && (
              <Button variant="secondary" onClick={fetchUnit}>
                {text.retry}
              </Button>
            )}
          </div>
        )}
        {unit && <UnitView unit={unit} text={text} token={token} />}
      </div>
    </main>
  );
}

const COVERAGE_TONES: Record<ComplaintCoverage, string> = {
  amc: 'bg-green-100 text-green-800',
  warranty: 'bg-blue-100 text-blue-800',
  chargeable: 'bg-amber-100 text-amber-900',
};

function UnitView({ unit, text, token }: { unit: Unit; text: UnitPageText; token: string }) {
  // A phone reads it top to bottom: the unit, the complaint, its visits, the shop. A desk
  // shows the unit, visits and shop on the left and the complaint beside them.
  return (
    <div className="flex flex-col gap-4 md:grid md:grid-cols-2 md:items-start">
      <div className="contents md:flex md:flex-col md:gap-4">
        <section className="rounded-xl bg-white p-4 shadow-sm" aria-labelledby="unit-product">
          <p className="text-sm break-all text-slate-500">
            {text.serial} <span className="font-mono text-slate-700">{unit.serialNumber}</span>
          </p>
          <h1 id="unit-product" className="mt-1 text-xl font-semibold break-words text-slate-900">
            {unit.productName}
          </h1>
          <p
            className={`mt-2 inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ${COVERAGE_TONES[unit.coverage]}`}
            data-testid="coverage"
          >
            <ShieldCheck aria-hidden="true" className="size-4" />
            {text.coverage[unit.coverage]}
          </p>
          <ul className="mt-3 space-y-1 text-sm">
            <li className="text-slate-700">
              {unit.installationDate
                ? text.installedOn(dayOf(unit.installationDate))
                : text.notInstalled}
            </li>
            <li className={unit.warranty.active ? 'text-green-700' : 'text-slate-500'}>
              {unit.warranty.until === null
                ? text.noWarranty
                : unit.warranty.active
                  ? text.warrantyUntil(dayOf(unit.warranty.until))
                  : text.warrantyExpired}
            </li>
            {unit.amc && (
              <li className={unit.amc.active ? 'text-green-700' : 'text-slate-500'}>
                {unit.amc.active ? text.amcUntil(dayOf(unit.amc.until)) : text.amcExpired}
              </li>
            )}
          </ul>
          <ShopButtons unit={unit} text={text} />
        </section>
        <div className="order-1 flex flex-col gap-4 md:order-none">
          <VisitsAndShop unit={unit} text={text} />
        </div>
      </div>

      <div className="md:col-start-2 md:row-start-1">
        <Section title={text.complaintTitle}>
          {unit.openComplaint && (
            <Alert tone="info" className="mb-4">
              <p>{text.openComplaint(unit.openComplaint.orderId)}</p>
              <p className="mt-1">{text.openComplaintAdd}</p>
            </Alert>
          )}
          <UnitComplaintForm token={token} text={text} joining={unit.openComplaint !== null} />
        </Section>
      </div>
    </div>
  );
}

/** The unit's last visits and the shop that looks after it. */
function VisitsAndShop({ unit, text }: { unit: Unit; text: UnitPageText }) {
  return (
    <>
      <Section title={text.lastVisits}>
        {unit.lastVisits.length === 0 ? (
          <p className="text-sm text-slate-500">{text.noVisits}</p>
        ) : (
          <ol className="divide-y divide-slate-100">
            {unit.lastVisits.map((visit) => (
              <li key={visit.orderId} className="flex justify-between gap-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">
                    {text.category[visit.projectCategory]}
                  </span>
                  <span className="block text-slate-500">
                    {text.status[visit.status as keyof UnitPageText['status']] ?? visit.status}
                  </span>
                </span>
                <span className="shrink-0 text-slate-600">{dayOf(visit.at)}</span>
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section title={text.shop}>
        <p className="font-medium text-slate-900">{unit.business.name || unit.branch.name}</p>
        {unit.business.name && unit.business.name !== unit.branch.name && (
          <p className="text-sm text-slate-600">{unit.branch.name}</p>
        )}
        {unit.branch.phone && (
          <p className="text-sm text-slate-600">{formatPhone(unit.branch.phone)}</p>
        )}
      </Section>
    </>
  );
}

const CONTACT_BUTTON =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium text-white';

/** Call or WhatsApp the shop, the message already naming the unit. */
function ShopButtons({ unit, text }: { unit: Unit; text: UnitPageText }) {
  const phone = unit.branch.phone;
  const whatsapp = unit.branch.whatsapp || phone;
  if (!phone && !whatsapp) return null;
  return (
    <div className="mt-4 flex gap-2">
      {phone && (
        <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={`${CONTACT_BUTTON} bg-blue-600`}>
          <Phone aria-hidden="true" className="size-4" />
          {text.call}
        </a>
      )}
      {whatsapp && (
        <a
          href={whatsappLink(whatsapp, text.whatsappText(unit.productName, unit.serialNumber))}
          target="_blank"
          rel="noreferrer"
          className={`${CONTACT_BUTTON} bg-green-600`}
        >
          <MessageCircle aria-hidden="true" className="size-4" />
          {text.whatsapp}
        </a>
      )}
    </div>
  );
}
