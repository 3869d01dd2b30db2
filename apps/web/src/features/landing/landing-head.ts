import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './landing-i18n';
import type { LandingLanguage } from './landing-language';

const OG_LOCALES: Record<LandingLanguage, string> = { 'hi-Latn': 'hi_IN', en: 'en_IN' };

function setMeta(attribute: 'name' | 'property', key: string, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const created = !element;
  const previous = element?.content ?? '';
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
  const meta = element;
  return () => {
    if (created) meta.remove();
    else meta.content = previous;
  };
}

/**
 * The document follows the toggle: <html lang>, the title, the description and the Open
 * Graph tags. welcome.html carries the Hinglish ones for crawlers that run no script; inside
 * the desk app (/test) they are put back when the page closes.
 */
export function useLandingHead(): void {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-runs when the language changes
  useEffect(() => {
    const language = currentLanguage();
    const title = t('meta.title');
    const description = t('meta.description');
    const previousLang = document.documentElement.lang;
    const previousTitle = document.title;
    document.documentElement.lang = language;
    document.title = title;
    const restore = [
      setMeta('name', 'description', description),
      setMeta('property', 'og:title', title),
      setMeta('property', 'og:description', description),
      setMeta('property', 'og:locale', OG_LOCALES[language]),
    ];
    return () => {
      document.documentElement.lang = previousLang;
      document.title = previousTitle;
      for (const undo of restore) undo();
    };
  }, [t, i18n.language]);
}
