import { useTranslation } from 'react-i18next';
import { currentLanguage } from './landing-i18n';
import { LANDING_LANGUAGES, LANGUAGE_NAMES, rememberLanguage } from './landing-language';

/** Hinglish | English, the choice remembered on this device. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const active = currentLanguage();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, not a form fieldset
    <div role="group" aria-label={t('nav.language')} className="flex rounded-full bg-slate-100 p-1">
      {LANDING_LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          data-landing-language={language}
          aria-pressed={active === language}
          onClick={() => {
            rememberLanguage(language);
            void i18n.changeLanguage(language);
          }}
          className={
            active === language
              ? 'min-h-10 rounded-full bg-white px-3 text-sm font-semibold text-blue-800 shadow-sm'
              : 'min-h-10 rounded-full px-3 text-sm font-medium text-slate-700 hover:text-slate-900'
          }
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
