import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { screensReady } from './app/router';
import { startSessionCheck } from './features/auth/auth-api';
import { isAnonymousPath } from './lib/anonymous-paths';
import { readStoredUser, writeStoredUser } from './lib/session-storage';
import './index.css';

/** How long the first render waits for the screen's chunks (index.html says 'Loading...'). */
const FIRST_RENDER_WAIT_MS = 5000;

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const container = root;

function render() {
  createRoot(container).render(
    <StrictMode>
      <AppProviders />
    </StrictMode>,
  );
}

// Rendered once the screen's chunks are in: it then shows in one go, instead of a spinner per
// lazy step, each of which React keeps on screen for at least 300 ms (issue 17, a phone's
// reload). The page's HTML shows 'Loading...' until then.
// A cold start behind the login (no stored user) also waits for the session check, so the
// screen renders once instead of a spinner first (its answer is already on its way, see
// apps/web/early-start.ts). The login form, the landing page and a job-status link do not
// ask at all (lib/anonymous-paths.ts).
const sessionKnown =
  readStoredUser() || isAnonymousPath(window.location.pathname)
    ? Promise.resolve()
    : startSessionCheck().then(writeStoredUser, () => undefined);

void Promise.race([
  Promise.all([screensReady, sessionKnown]),
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]).then(render);
