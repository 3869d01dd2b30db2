import {
  BadgeIndianRupee,
  Boxes,
  Building2,
  CalendarClock,
  Camera,
  Check,
  ClipboardList,
  ClipboardX,
  DatabaseBackup,
  HardDrive,
  type LucideIcon,
  Mail,
  MessageCircle,
  PackageX,
  Phone,
  ReceiptText,
  ShieldCheck,
  Users,
  UserX,
  WalletCards,
  WifiOff,
} from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { DemoRequestForm } from './demo-request-form';
import { useLandingHead } from './landing-head';
import { landingClaims, landingContact, landingI18n } from './landing-i18n';
import { LanguageToggle } from './language-toggle';

/*
 * Spec 2 §2 Public marketing landing page: hero, the owner's problems, features, benefits,
 * results with the claims of spec 2 §9, testimonials, contact and the demo booking, in
 * Hinglish or English. It imports nothing of the desk app: it is its own chunk, served at
 * /welcome without login and at /test inside the app.
 */

const PROBLEMS: ReadonlyArray<[key: string, icon: LucideIcon]> = [
  ['staff', Users],
  ['theft', PackageX],
  ['cheating', UserX],
  ['stockCheck', ClipboardX],
  ['warranty', WalletCards],
  ['dataLoss', HardDrive],
];

/** What Karya does today (issue 39 item 24): GST, WhatsApp, offline, proof of work and AMC too. */
const FEATURES: ReadonlyArray<[key: string, icon: LucideIcon]> = [
  ['workOrders', ClipboardList],
  ['offline', WifiOff],
  ['billing', BadgeIndianRupee],
  ['gst', ReceiptText],
  ['whatsapp', MessageCircle],
  ['proof', Camera],
  ['inventory', Boxes],
  ['warranty', ShieldCheck],
  ['amc', CalendarClock],
  ['branches', Building2],
  ['backup', DatabaseBackup],
];

const BENEFITS = ['control', 'noLoss', 'trust', 'paperless', 'anywhere'] as const;
const RESULTS = ['businesses', 'satisfaction', 'timeSaved', 'support'] as const;
const TESTIMONIALS = ['one', 'two', 'three'] as const;

export function LandingPage({ onReady }: { onReady?: () => void } = {}) {
  return (
    <I18nextProvider i18n={landingI18n}>
      <Landing onReady={onReady} />
    </I18nextProvider>
  );
}

function Landing({ onReady }: { onReady?: (() => void) | undefined }) {
  const { t } = useTranslation();
  useLandingHead();
  // Once: the page is live (hydrated or drawn), for the boot script's waiting clicks.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, after the first commit
  useEffect(() => onReady?.(), []);
  return (
    <div className="min-h-dvh bg-white text-slate-900">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-2">
          <a href="#top" className="flex min-h-11 items-center gap-2 font-bold text-slate-900">
            <img src="/karya.svg" alt="" width={28} height={28} className="size-7" />
            Karya
          </a>
          <nav aria-label={t('nav.features')} className="hidden gap-6 text-sm font-medium md:flex">
            <a href="#features" className="text-slate-700 hover:text-blue-800">
              {t('nav.features')}
            </a>
            <a href="#results" className="text-slate-700 hover:text-blue-800">
              {t('nav.results')}
            </a>
            <a href="#contact" className="text-slate-700 hover:text-blue-800">
              {t('nav.contact')}
            </a>
          </nav>
          <div className="flex items-center gap-2">
            <LanguageToggle />
            <a
              href="/login"
              className="hidden min-h-10 items-center rounded-lg px-3 text-sm font-medium text-blue-800 hover:bg-blue-50 sm:flex"
            >
              {t('nav.login')}
            </a>
          </div>
        </div>
      </header>

      <main id="top">
        <section className="bg-gradient-to-b from-blue-50 to-white px-4 pt-10 pb-14 sm:pt-16">
          <div className="mx-auto max-w-3xl text-center">
            <p className="inline-block rounded-full bg-blue-100 px-3 py-1 text-sm font-medium text-blue-900">
              {t('hero.badge')}
            </p>
            <h1 className="mt-4 text-3xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              {t('hero.title')}
            </h1>
            <p className="mt-4 text-lg text-slate-700">{t('hero.subtitle')}</p>
            <div className="mt-8 flex flex-col items-stretch gap-3 sm:flex-row sm:justify-center">
              <a
                href="#demo"
                className="flex min-h-12 items-center justify-center rounded-lg bg-blue-700 px-6 text-base font-semibold text-white shadow-sm hover:bg-blue-800"
              >
                {t('hero.cta')}
              </a>
              <a
                href="#features"
                className="flex min-h-12 items-center justify-center rounded-lg border border-slate-300 bg-white px-6 text-base font-semibold text-slate-800 hover:bg-slate-50"
              >
                {t('hero.secondary')}
              </a>
            </div>
            <p className="mt-6 text-sm font-medium text-slate-700">{t('hero.trust')}</p>
          </div>
        </section>

        <Section id="problems" title={t('problems.title')} subtitle={t('problems.subtitle')}>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {PROBLEMS.map(([key, Icon]) => (
              <li key={key} className="rounded-xl border border-red-100 bg-red-50/60 p-5">
                <Icon aria-hidden="true" className="size-6 text-red-700" />
                <h3 className="mt-3 font-semibold text-slate-900">{t(`problems.${key}.title`)}</h3>
                <p className="mt-1 text-slate-700">{t(`problems.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="features" title={t('features.title')} subtitle={t('features.subtitle')} tinted>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(([key, Icon]) => (
              <li key={key} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <span className="inline-flex rounded-lg bg-blue-100 p-2 text-blue-800">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-3 font-semibold text-slate-900">{t(`features.${key}.title`)}</h3>
                <p className="mt-1 text-slate-700">{t(`features.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="benefits" title={t('benefits.title')}>
          <ul className="mx-auto max-w-2xl space-y-3">
            {BENEFITS.map((key) => (
              <li key={key} className="flex items-start gap-3 text-lg text-slate-800">
                <Check aria-hidden="true" className="mt-1 size-5 shrink-0 text-green-700" />
                {t(`benefits.${key}`)}
              </li>
            ))}
          </ul>
        </Section>

        <Section id="results" title={t('results.title')} subtitle={t('results.subtitle')} tinted>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {RESULTS.map((key) => (
              <div
                key={key}
                className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm"
              >
                <dt className="mt-1 text-sm text-slate-700">{t(`results.${key}`)}</dt>
                <dd className="text-3xl font-extrabold text-blue-800">{landingClaims[key]}</dd>
              </div>
            ))}
          </dl>
          <ul className="mt-6 grid gap-3 text-slate-800 sm:grid-cols-3">
            <li className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
              {t('results.version')}
            </li>
            <li className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
              {t('results.fee')}
            </li>
            <li className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
              {t('results.training', { count: landingClaims.trainingWeeks })}
            </li>
          </ul>
        </Section>

        <Section id="testimonials" title={t('testimonials.title')}>
          <ul className="grid gap-4 md:grid-cols-3">
            {TESTIMONIALS.map((key) => (
              <li key={key}>
                <figure className="h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                  <blockquote className="text-slate-800">
                    “{t(`testimonials.${key}.quote`)}”
                  </blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="block font-semibold text-slate-900">
                      {t(`testimonials.${key}.name`)}
                    </span>
                    <span className="text-slate-700">{t(`testimonials.${key}.business`)}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="contact" title={t('contact.title')} subtitle={t('contact.subtitle')} tinted>
          <div className="grid gap-8 lg:grid-cols-5">
            <div
              id="demo"
              className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-3"
            >
              <DemoRequestForm />
            </div>
            <ul className="space-y-4 lg:col-span-2">
              <ContactLine
                icon={Phone}
                label={t('contact.phone')}
                value={landingContact.phone}
                href={`tel:${landingContact.phone.replace(/[^\d+]/g, '')}`}
              />
              <ContactLine
                icon={MessageCircle}
                label={t('contact.whatsapp')}
                value={landingContact.whatsapp}
                href={`https://wa.me/${landingContact.whatsapp.replace(/\D/g, '')}`}
              />
              <ContactLine
                icon={Mail}
                label={t('contact.email')}
                value={landingContact.email}
                href={`mailto:${landingContact.email}`}
              />
              <li className="text-sm text-slate-700">{t('contact.hours')}</li>
            </ul>
          </div>
        </Section>
      </main>

      <footer className="border-t border-slate-200 px-4 py-8 text-sm text-slate-700">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <span className="font-semibold text-slate-900">Karya</span> — {t('footer.tagline')}
          </p>
          <p className="flex items-center gap-4">
            <span>{t('footer.rights')}</span>
            <a
              href="/login"
              className="inline-flex min-h-11 items-center font-medium text-blue-800 underline"
            >
              {t('nav.login')}
            </a>
          </p>
        </div>
      </footer>
    </div>
  );
}

function Section({
  id,
  title,
  subtitle,
  tinted = false,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-16 px-4 py-12 sm:py-16 ${tinted ? 'bg-slate-50' : ''}`}
    >
      <div className="mx-auto max-w-6xl">
        <h2
          id={`${id}-title`}
          className="text-center text-2xl font-bold text-slate-900 sm:text-3xl"
        >
          {title}
        </h2>
        {subtitle ? (
          <p className="mx-auto mt-2 max-w-2xl text-center text-slate-700">{subtitle}</p>
        ) : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

function ContactLine({
  icon: Icon,
  label,
  value,
  href,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  href: string;
}) {
  return (
    <li className="flex items-center gap-3">
      <span className="inline-flex rounded-lg bg-blue-100 p-2 text-blue-800">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span>
        <span className="block text-sm text-slate-700">{label}</span>
        <a
          href={href}
          className="inline-flex min-h-8 items-center font-semibold text-slate-900 hover:text-blue-800"
        >
          {value}
        </a>
      </span>
    </li>
  );
}
