import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { LandingPage } from './landing-page';

/**
 * Build time only (apps/web/post-build.ts): the landing page in its default language,
 * Hinglish, as HTML for welcome.html. landing-entry.tsx hydrates it.
 */
export function renderLanding(): string {
  // The same tree as landing-hydrate.tsx, so useId's ids match on hydration.
  return renderToString(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
}
