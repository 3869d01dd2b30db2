import './landing.css';
import { isLandingLanguage, type LandingLanguage, storedLanguage } from './landing-language';

/*
 * welcome.html's script, a few hundred bytes. The page itself is already in the HTML
 * (rendered at build time, apps/web/post-build.ts), so a phone shows it at once; React,
 * i18next and the copy load only when the visitor starts to interact (a touch, a key, the
 * mouse) or has chosen English before. Until then this keeps the clicks that need them: a
 * language chosen or a demo booked before the page is live is applied as soon as it is.
 */

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const mount = root;

const WAKE_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mousemove'] as const;
let waking = false;
let live = false;
let language: LandingLanguage | null = null;
let submitted: HTMLFormElement | null = null;

/** Clicks on the toggle and form submissions wait here until React handles them itself. */
function hold(event: Event) {
  if (live || !(event.target instanceof Element)) return;
  const choice = event.target
    .closest('[data-landing-language]')
    ?.getAttribute('data-landing-language');
  if (event.type === 'click' && isLandingLanguage(choice)) {
    language = choice;
    event.stopImmediatePropagation();
  }
  if (event.type === 'submit' && event.target instanceof HTMLFormElement) {
    event.preventDefault();
    event.stopImmediatePropagation();
    submitted = event.target;
  }
  wake();
}

function onReady() {
  if (live) return;
  live = true;
  document.removeEventListener('click', hold, true);
  document.removeEventListener('submit', hold, true);
  if (language) {
    // The toggle is live now: let it do what the visitor asked for.
    document.querySelector<HTMLElement>(`[data-landing-language="${language}"]`)?.click();
  }
  submitted?.requestSubmit();
}

function wake() {
  if (waking) return;
  waking = true;
  for (const type of WAKE_EVENTS) document.removeEventListener(type, wake, true);
  void import('./landing-hydrate').then(({ startLanding }) => startLanding(mount, onReady));
}

document.addEventListener('click', hold, true);
document.addEventListener('submit', hold, true);
if (storedLanguage() !== 'hi-Latn' || !root.hasChildNodes()) wake();
else
  for (const type of WAKE_EVENTS)
    document.addEventListener(type, wake, { capture: true, passive: true });
