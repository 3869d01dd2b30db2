/*
 * The landing page's languages and the visitor's remembered choice. No dependencies: the
 * boot script reads it before any of React or i18next has loaded.
 */

/** Hinglish first (BCP 47: Hindi in Latin script), then English. */
export const LANDING_LANGUAGES = ['hi-Latn', 'en'] as const;
export type LandingLanguage = (typeof LANDING_LANGUAGES)[number];
export const LANGUAGE_NAMES: Record<LandingLanguage, string> = {
  'hi-Latn': 'Hinglish',
  en: 'English',
};

/** The visitor's choice, remembered on this device. */
export const LANGUAGE_STORAGE_KEY = 'karya-landing-language';

export function isLandingLanguage(value: unknown): value is LandingLanguage {
  return (LANDING_LANGUAGES as readonly unknown[]).includes(value);
}

export function storedLanguage(): LandingLanguage {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLandingLanguage(stored) ? stored : 'hi-Latn';
  } catch {
    // No storage (blocked, or rendering at build time): Hinglish, the page's default.
    return 'hi-Latn';
  }
}

export function rememberLanguage(language: LandingLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, still switched.
  }
}
