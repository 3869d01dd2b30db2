// Lighthouse (mobile, Chromium's) on the technician dashboard, signed in as a technician
// (issue 20), and whether Chromium finds the app installable.
//   node bench/lighthouse.mjs                 # starts apps/server/dist/main.js itself (npm run build first)
//   LH_URL=http://127.0.0.1:3000 LH_USER=… LH_PASSWORD=… node bench/lighthouse.mjs
// Without LH_USER it seeds, on the server it started, a branch and a technician with
// LH_ORDERS (default 20) orders of their own. Other options (env): LH_PORT (default 3197),
// LH_SERVER (the server's main.js, e.g. a private apps/server/.dist-<you>/main.mjs), WEB_DIST,
// CHROME_PATH (default /usr/bin/chromium), LH_JSON (a file for Lighthouse's whole report).
// Prints the performance, accessibility and best-practices scores (issue 20's budget: 90, 95, 95) and the installability errors of
// Chromium's DevTools protocol (Page.getInstallabilityErrors; Lighthouse 13 has no PWA
// category), and exits 1 when a score is under budget or the app is not installable.
// Bounded: one Lighthouse run and one page load on 127.0.0.1, then it stops its server.
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { seedTechnician, signIn, startServer, waitForServer } from './seeded-server.mjs';

const PORT = Number(process.env.LH_PORT ?? 3197);
const OWN_SERVER = !process.env.LH_URL;
const BASE = (process.env.LH_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/$/, '');
const ORDERS = Number(process.env.LH_ORDERS ?? 20);
const ADMIN_PASSWORD = 'lighthouse-admin-pass';
const PEOPLE_PASSWORD = 'lighthouse-people-pass';
const PAGE = '/technician-dashboard';
/** Issue 20's budget, per Lighthouse category (scores 0–100). */
const BUDGET = { performance: 90, accessibility: 95, 'best-practices': 95 };

let started;

/**
 * Chromium's own verdict on installing the app: the dashboard opened signed in, once its
 * service worker is ready (the same Chromium Lighthouse ran in, a new tab).
 */
async function installabilityErrors(port, cookie) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: BASE }]);
    const page = await context.newPage();
    await page.goto(`${BASE}${PAGE}`);
    // No worker within 30 s (none registered, or its install failed) is reported, not awaited.
    const worker = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL),
        new Promise((resolve) => setTimeout(() => resolve(null), 30_000)),
      ]),
    );
    const session = await context.newCDPSession(page);
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
    const { url, errors } = await session.send('Page.getAppManifest');
    await page.close();
    return { manifest: url, manifestErrors: errors, installabilityErrors, worker };
  } finally {
    await browser.close();
  }
}

async function main() {
  if (OWN_SERVER) {
    started = startServer({
      serverPath: process.env.LH_SERVER,
      port: PORT,
      adminPassword: ADMIN_PASSWORD,
      dataPrefix: 'karya-lighthouse-',
    });
  }
  await waitForServer(BASE, started?.server);
  const user =
    process.env.LH_USER && process.env.LH_PASSWORD
      ? { username: process.env.LH_USER, password: process.env.LH_PASSWORD }
      : OWN_SERVER
        ? await seedTechnician(BASE, {
            adminPassword: ADMIN_PASSWORD,
            peoplePassword: PEOPLE_PASSWORD,
            orders: ORDERS,
            label: 'Lighthouse',
          })
        : null;
  if (!user) throw new Error('LH_URL needs LH_USER and LH_PASSWORD (a technician)');
  const cookie = await signIn(BASE, user.username, user.password);

  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  let result;
  let installability;
  try {
    // Lighthouse's default config: a mid-range phone (Moto G Power), simulated slow 4G and a
    // 4× slower CPU. The session cookie goes with every request the page makes.
    result = await lighthouse(
      `${BASE}${PAGE}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(BUDGET),
        extraHeaders: { Cookie: cookie },
      },
      undefined,
    );
    installability = await installabilityErrors(chrome.port, cookie);
  } finally {
    await chrome.kill();
  }

  const { lhr } = result;
  if (process.env.LH_JSON) writeFileSync(process.env.LH_JSON, result.report);
  console.log(
    `\nLighthouse ${lhr.lighthouseVersion} (mobile) on ${BASE}${PAGE} as ${user.username}`,
  );
  if (lhr.finalDisplayedUrl !== `${BASE}${PAGE}`) {
    console.log(`  ! ended at ${lhr.finalDisplayedUrl}: not signed in?`);
  }
  let failed = lhr.finalDisplayedUrl !== `${BASE}${PAGE}`;
  for (const [id, budget] of Object.entries(BUDGET)) {
    const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const ok = score >= budget;
    if (!ok) failed = true;
    console.log(
      `  ${id.padEnd(15)} ${String(score).padStart(3)}   (budget ${budget}) ${ok ? '✓' : '✗'}`,
    );
    if (!ok) {
      // What cost the points: the category's audits that did not pass, heaviest first.
      const misses = lhr.categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .sort((a, b) => b.weight - a.weight)
        .slice(0, 6);
      for (const ref of misses) {
        const audit = lhr.audits[ref.id];
        console.log(
          `      - ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
        );
      }
    }
  }
  const metric = (id) => lhr.audits[id]?.displayValue ?? '—';
  console.log(
    `  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
  );
  const errors = installability.installabilityErrors.map(
    (error) =>
      `${error.errorId}${error.errorArguments.length > 0 ? ` (${error.errorArguments.map((arg) => `${arg.name}=${arg.value}`).join(', ')})` : ''}`,
  );
  const manifestErrors = installability.manifestErrors.map((error) => error.message);
  if (errors.length > 0 || manifestErrors.length > 0 || !installability.worker) failed = true;
  console.log(`  service worker  ${installability.worker ?? 'none active ✗'}`);
  console.log(`  installable     ${errors.length === 0 ? 'yes ✓' : `no ✗: ${errors.join('; ')}`}`);
  console.log(
    `  manifest        ${installability.manifest || 'none'}${manifestErrors.length > 0 ? ` ✗ ${manifestErrors.join('; ')}` : ' ✓'}`,
  );
  if (failed) process.exitCode = 1;
}

try {
  await main();
} finally {
  await started?.stop();
}
