import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { storedLanguage } from './landing-language';
import { LandingPage } from './landing-page';

/**
 * Brings the prerendered page to life (landing-boot.ts loads this on the first interaction).
 * The HTML holds the page in Hinglish: it is hydrated, or, for a visitor who chose English
 * before, drawn again in English.
 */
export function startLanding(root: HTMLElement, onReady: () => void): void {
  const page = (
    <StrictMode>
      <LandingPage onReady={onReady} />
    </StrictMode>
  );
  // A transition renders in slices that yield to the browser: no long task on a slow phone.
  startTransition(() => {
    if (root.hasChildNodes() && storedLanguage() === 'hi-Latn') hydrateRoot(root, page);
    else createRoot(root).render(page);
  });
}
