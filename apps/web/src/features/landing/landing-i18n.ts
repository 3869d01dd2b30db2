import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import config from './landing-config.json';
import {
  isLandingLanguage,
  LANDING_LANGUAGES,
  type LandingLanguage,
  storedLanguage,
} from './landing-language';
import en from './locales/en.json';
import hinglish from './locales/hi-Latn.json';

export const landingClaims = config.claims;
export const landingContact = config.contact;

/**
 * The landing page's own i18next instance, separate from anything the desk app may set up.
 * Both languages are bundled (a few kilobytes each), so a switch never waits for the network.
 * The claims (spec 2 §9) live in landing-config.json and reach the copy by interpolation.
 */
export const landingI18n = i18next.createInstance();
void landingI18n.use(initReactI18next).init({
  resources: { 'hi-Latn': { landing: hinglish }, en: { landing: en } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANDING_LANGUAGES],
  defaultNS: 'landing',
  ns: ['landing'],
  initAsync: false,
  interpolation: {
    // React escapes what it renders.
    escapeValue: false,
    defaultVariables: { ...config.claims, year: new Date().getFullYear() },
  },
});

export function currentLanguage(): LandingLanguage {
  return isLandingLanguage(landingI18n.language) ? landingI18n.language : 'hi-Latn';
}
