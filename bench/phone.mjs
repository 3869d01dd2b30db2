// The technician's phone, measured (issue 17): Chromium with the CPU slowed 4× and a slow
// mobile network (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up), through the DevTools
// protocol, against a running Karya.
//   node bench/phone.mjs                        # starts apps/server/dist/main.js itself (npm run build first)
//   DATABASE_URL=postgres://… PHONE_USER=… PHONE_PASSWORD=… node bench/phone.mjs
//   PHONE_URL=http://127.0.0.1:3000 PHONE_USER=… PHONE_PASSWORD=… node bench/phone.mjs
// Without PHONE_USER it seeds a technician with PHONE_ORDERS (default 60) orders of their
// own on the server it started. Other options (env): PHONE_RUNS (default 3, the median is
// printed), PHONE_PORT (default 3198), PHONE_SERVER (the server's main.js), WEB_DIST,
// CHROME_PATH. Measured, each in a fresh browser profile (cold) and then reloaded (warm):
//   /login                 first paint, the form on screen, JavaScript bytes sent
//   /technician-dashboard  tabs and counts on screen ('usable'), JavaScript and API bytes
// Bounded: a few page loads on 127.0.0.1, then it stops the server it started.
import { chromium } from 'playwright-core';
import { seedTechnician, startServer, waitForServer } from './seeded-server.mjs';

const PORT = Number(process.env.PHONE_PORT ?? 3198);
const OWN_SERVER = !process.env.PHONE_URL;
const BASE = (process.env.PHONE_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/$/, '');
const RUNS = Number(process.env.PHONE_RUNS ?? 3);
const ORDERS = Number(process.env.PHONE_ORDERS ?? 60);
const ADMIN_PASSWORD = 'phone-admin-pass';
const PEOPLE_PASSWORD = 'phone-people-pass';
/** Issue 17's phone: 4× slower CPU, 150 ms latency, 1.6 Mbit/s down. */
const CPU_SLOWDOWN = 4;
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const TIME_LIMIT_MS = 60_000;
/** The dashboard's work-order requests: their answers carry the tabs' counts. */
const WORK_ORDER_API = /\/api\/technician-work-order/;

let started;

/** A fresh browser profile (empty HTTP cache and storage) with the phone's limits. */
async function phonePage(browser) {
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  // Bytes on the wire per request, from the protocol (headers and compressed body).
  const requests = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    requests.set(requestId, { type, url: response.url, bytes: 0, done: false });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = requests.get(requestId);
    if (entry) Object.assign(entry, { bytes: encodedDataLength, done: true });
  });
  const traffic = () => {
    const all = [...requests.values()].filter((entry) => entry.done);
    const sum = (entries) => entries.reduce((total, entry) => total + entry.bytes, 0);
    const scripts = all.filter((entry) => entry.type === 'Script');
    const api = all.filter((entry) => entry.url.includes('/api/'));
    return {
      jsBytes: sum(scripts),
      jsFiles: scripts.length,
      apiBytes: sum(api),
      apiCalls: api.map((entry) => new URL(entry.url).pathname + new URL(entry.url).search),
    };
  };
  const forget = () => requests.clear();
  return { context, page, traffic, forget };
}

/** Milliseconds from the navigation's start until the condition first holds (polled each frame). */
async function timeUntil(page, condition) {
  await page.waitForFunction(condition, undefined, { polling: 'raf', timeout: TIME_LIMIT_MS });
  return page.evaluate(() => performance.now());
}

const firstPaint = (page) =>
  page.evaluate(
    () =>
      performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')
        ?.startTime ?? null,
  );

/** When the last of the dashboard's work-order answers arrived (from resource timing). */
const lastWorkOrderAnswer = (page) =>
  page.evaluate(
    (pattern) =>
      Math.max(
        0,
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => new RegExp(pattern).test(entry.name))
          .map((entry) => entry.responseEnd),
      ),
    WORK_ORDER_API.source,
  );

/**
 * 'Usable': the bottom bar's tabs, the Home tiles with their numbers (not a placeholder) and
 * the 'Your Tasks' list or its empty text, with no loading indicator left on Home.
 */
function dashboardUsable() {
  const nav = document.querySelector('nav[aria-label="Dashboard"]');
  if (!nav || nav.querySelectorAll('button').length < 5) return false;
  const main = document.querySelector('main');
  if (!main) return false;
  const tiles = [...main.querySelectorAll('button')].filter((button) =>
    /Active Assignments|Pending Approvals|Completed/.test(button.textContent ?? ''),
  );
  if (tiles.length < 3 || !tiles.every((tile) => /\d/.test(tile.textContent ?? ''))) return false;
  if (tiles.some((tile) => tile.getAttribute('aria-busy') === 'true')) return false;
  const tasks = main.querySelector('ul[aria-label="Your Tasks"]');
  const empty = (main.textContent ?? '').includes('No tasks assigned yet');
  return Boolean(tasks || empty);
}

function loginFormShown() {
  return Boolean(document.querySelector('input[autocomplete="current-password"]'));
}

async function measureLogin(browser) {
  const { context, page, traffic } = await phonePage(browser);
  try {
    await page.goto('/login', { waitUntil: 'commit' });
    const form = await timeUntil(page, loginFormShown);
    await page.waitForLoadState('load');
    const cold = { paint: await firstPaint(page), ready: form, ...traffic() };
    await page.reload({ waitUntil: 'commit' });
    const warmForm = await timeUntil(page, loginFormShown);
    return { cold, warm: { paint: await firstPaint(page), ready: warmForm } };
  } finally {
    await context.close();
  }
}

async function measureDashboard(browser, user) {
  const { context, page, traffic, forget } = await phonePage(browser);
  try {
    // Signed in (the session cookie) and nothing else: no cached script, data or stored user.
    const login = await context.request.post('/api/login', {
      data: { username: user.username, password: user.password },
    });
    if (!login.ok()) throw new Error(`login of ${user.username} failed: ${login.status()}`);
    forget();
    await page.goto('/technician-dashboard', { waitUntil: 'commit' });
    const shown = await timeUntil(page, dashboardUsable);
    const answered = await lastWorkOrderAnswer(page);
    await page.waitForLoadState('networkidle');
    const cold = { usable: Math.max(shown, answered), paint: await firstPaint(page), ...traffic() };

    // Warm: the same phone opens it again (cached scripts, persisted lists and session user),
    // then once more: Chromium compiles the cached scripts into its code cache on the first
    // reload and uses that from the second on, as on a phone opened every day.
    const reopen = async () => {
      forget();
      await page.reload({ waitUntil: 'commit' });
      const usable = await timeUntil(page, dashboardUsable);
      const paint = await firstPaint(page);
      await page.waitForLoadState('networkidle');
      const refreshed = await lastWorkOrderAnswer(page);
      return { usable, paint, refreshed, ...traffic() };
    };
    const warm = await reopen();
    const again = await reopen();
    return { cold, warm, again };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor((sorted.length - 1) / 2)];
};
const ms = (value) => (value === null ? '—' : `${(value / 1000).toFixed(2)} s`);
const kb = (value) => (value === null ? '—' : `${(value / 1024).toFixed(1)} KB`);

function printTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const [index, row] of rows.entries()) {
    console.log(row.map((cell, column) => cell.padEnd(widths[column])).join('  '));
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
}

async function main() {
  if (OWN_SERVER) {
    started = startServer({
      serverPath: process.env.PHONE_SERVER,
      port: PORT,
      adminPassword: ADMIN_PASSWORD,
      dataPrefix: 'karya-phone-',
    });
  }
  await waitForServer(BASE, started?.server);
  const user =
    process.env.PHONE_USER && process.env.PHONE_PASSWORD
      ? { username: process.env.PHONE_USER, password: process.env.PHONE_PASSWORD }
      : OWN_SERVER
        ? await seedTechnician(BASE, {
            adminPassword: ADMIN_PASSWORD,
            peoplePassword: PEOPLE_PASSWORD,
            orders: ORDERS,
            label: 'Phone',
            pauseEvery: 10,
          })
        : null;
  if (!user) throw new Error('PHONE_URL needs PHONE_USER and PHONE_PASSWORD (a technician)');

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
  });
  const logins = [];
  const dashboards = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      logins.push(await measureLogin(browser));
      dashboards.push(await measureDashboard(browser, user));
    }
  } finally {
    await browser.close();
  }

  const pick = (runs, path) => median(runs.map((run) => path(run)));
  console.log(
    `\nPhone: CPU ${CPU_SLOWDOWN}× slower, ${NETWORK.latency} ms latency, 1.6 Mbit/s down; ${BASE}; technician ${user.username}; median of ${RUNS}\n`,
  );
  printTable([
    ['screen', 'cache', 'first paint', 'ready', 'JS sent', 'API sent'],
    [
      '/login',
      'cold',
      ms(pick(logins, (r) => r.cold.paint)),
      ms(pick(logins, (r) => r.cold.ready)),
      kb(pick(logins, (r) => r.cold.jsBytes)),
      '—',
    ],
    [
      '/login',
      'warm',
      ms(pick(logins, (r) => r.warm.paint)),
      ms(pick(logins, (r) => r.warm.ready)),
      '—',
      '—',
    ],
    ...[
      ['cold', 'cold'],
      ['warm', 'warm'],
      ['warm again', 'again'],
    ].map(([label, load]) => [
      '/technician-dashboard',
      label,
      ms(pick(dashboards, (r) => r[load].paint)),
      ms(pick(dashboards, (r) => r[load].usable)),
      kb(pick(dashboards, (r) => r[load].jsBytes)),
      kb(pick(dashboards, (r) => r[load].apiBytes)),
    ]),
  ]);
  const last = dashboards.at(-1);
  console.log(
    `\n'ready' is the login form on screen, or the dashboard's tabs, counts and Your Tasks on screen (cold: also every work-order answer arrived; warm: from the cached copy, refreshed from the server after ${ms(pick(dashboards, (r) => r.warm.refreshed))}). 'warm again' is the next reload, with Chromium's code cache.`,
  );
  console.log(`Dashboard API calls (cold): ${last.cold.apiCalls.join('  ')}`);
}

try {
  await main();
} finally {
  await started?.stop();
}
