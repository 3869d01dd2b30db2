import {
  UPDATE_LANGUAGE_LABELS,
  UPDATE_LANGUAGES,
  type UpdateLanguage,
} from '@karya/domain/update-languages';
import type { ReactNode } from 'react';

/**
 * Pieces the customer's public pages (/s/:token job status, /q/:token quotation) share.
 * Kept free of the signed-in screens' libraries so the public chunks stay small.
 */

/** The customer's own language choice stored on this phone under `key`, if any. */
export function storedLanguage(key: string): UpdateLanguage | null {
  const stored = localStorage.getItem(key);
  return UPDATE_LANGUAGES.find((language) => language === stored) ?? null;
}

export function LanguageSwitch({
  language,
  onChoose,
}: {
  language: UpdateLanguage;
  onChoose: (language: UpdateLanguage) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, not a form fieldset
    <div role="group" aria-label="Language" className="flex shrink-0 rounded-full bg-slate-100 p-1">
      {UPDATE_LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={language === option}
          onClick={() => onChoose(option)}
          className={
            language === option
              ? 'min-h-9 rounded-full bg-white px-3 text-sm font-semibold text-blue-800 shadow-sm'
              : 'min-h-9 rounded-full px-3 text-sm font-medium text-slate-700'
          }
        >
          {UPDATE_LANGUAGE_LABELS[option]}
        </button>
      ))}
    </div>
  );
}

/** The business as its invoices show it, with the branch beneath when the names differ. */
export function BusinessHeading({
  business,
  branch,
}: {
  business: { name: string; logo: string | null };
  branch: { name: string };
}) {
  const name = business.name || branch.name;
  return (
    <div className="flex min-w-0 items-center gap-3">
      {business.logo && (
        <img src={business.logo} alt="" className="h-10 w-10 shrink-0 object-contain" />
      )}
      <div className="min-w-0">
        <p className="line-clamp-2 text-base leading-tight font-semibold break-words text-slate-900">
          {name}
        </p>
        {name !== branch.name && <p className="truncate text-xs text-slate-500">{branch.name}</p>}
      </div>
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm" aria-label={title}>
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
      {children}
    </section>
  );
}
