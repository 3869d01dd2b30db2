// The schedule board's main-thread work in Chromium (issue 34): a branch of 50 technicians
// with 500 jobs booked over a week (and 100 pending orders in the lane), the week view's
// first render and one drag of a card to another technician, each measured as the renderer's
// main-thread task time (DevTools protocol Performance.getMetrics: TaskDuration, of which
// ScriptDuration, LayoutDuration and RecalcStyleDuration) between two points, and beside it
// the main thread's CPU time (ThreadTime), which a loaded machine does not inflate. Target:
// under 100 ms each.
//   node bench/schedule-board.mjs          # starts apps/server/dist/main.js (npm run build first)
// Options (env): BOARD_SERVER (the server's main.js, e.g. a private build's), WEB_DIST (the
// web build it serves), BOARD_PORT (default 3197), BOARD_RUNS (default 3: first render and
// drag are measured in each, each in a fresh browser context; every run is printed and then
// the median), BOARD_CPU_SLOWDOWN (default 1: this machine as it is), CHROME_PATH (default
// /usr/bin/chromium-headless-shell, the journeys' browser).
//
// First render: the app is loaded on another of the manager's screens (the dashboard) first, so
// its own start (the desk's sidebar and header) is not counted; then the SPA is sent to /schedule?view=week&date=<the seeded week> (history
// push and popstate, as a link would) and the measure ends when the board's rows are drawn
// with their cards (it draws only the rows in its scrolled view and two beyond: the figure
// says how many of the 500 cards that is) and two frames have been drawn. It counts the schedule screen's code being
// evaluated, the API answer parsed, React's render, style, layout and paint.
// Drag: mouse down on a technician's Monday 12:00 card (the first's in the first run, the
// second's in the next), 12 mouse moves to their Friday (only a 10:00 job there, so no conflict to confirm), mouse up; then the board saves the move and reads the week again.
// The gesture (down to up) and the settling after it (the save's answer, the re-read week's
// render) are printed apart and together.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { call, signIn, startServer, waitForServer } from './seeded-server.mjs';

const PORT = Number(process.env.BOARD_PORT ?? 3197);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BOARD_RUNS ?? 3);
const CPU_SLOWDOWN = Number(process.env.BOARD_CPU_SLOWDOWN ?? 1);
const ADMIN_PASSWORD = 'board-admin-pass';
const PEOPLE_PASSWORD = 'board-people-pass';
const TECHNICIANS = 50;
const JOBS = 500;
const PENDING = 100;
const DRAG_STEPS = 12;
/**
 * The same technician's Friday (Monday is 0): only a 10:00 job there, so no conflict; an
 * assigned job moves in time, not to another technician.
 */
const TARGET_DAY = 4;
const TARGET_MS = 100;
const PROFILE = process.env.BOARD_PROFILE === '1';
const IST_MS = 330 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Next week's India Monday, 'YYYY-MM-DD': every job is in the future, as planning is. */
function nextMonday() {
  const india = new Date(Date.now() + IST_MS);
  const sinceMonday = (india.getUTCDay() + 6) % 7;
  return new Date(india.getTime() + (7 - sinceMonday) * DAY_MS).toISOString().slice(0, 10);
}
const plusDays = (day, n) => new Date(Date.parse(day) + n * DAY_MS).toISOString().slice(0, 10);

/** In parallel, at most `width` at a time (PGlite answers one at a time anyway). */
async function inBatches(items, width, work) {
  const results = [];
  for (let i = 0; i < items.length; i += width) {
    results.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  }
  return results;
}

/**
 * The branch, its manager, 50 technicians and 600 customers with an order each: 500 booked
 * Monday to Saturday (10 a technician, 1–2 a day, 90 minutes, from 10:00 two hours apart), the
 * rest pending in the lane.
 */
async function seed(monday) {
  const admin = await signIn(BASE, 'admin', ADMIN_PASSWORD);
  const api = (cookie, method, path, body) => call(BASE, cookie, method, path, body);
  const stamp = Date.now().toString(36);
  const branch = await api(admin, 'POST', '/add-branches', {
    name: `Board ${stamp}`,
    location: 'Pune',
  });
  const person = (role, n) => ({
    firstName: role === 'manager' ? 'Meera' : `Tech ${String(n).padStart(2, '0')}`,
    lastName: stamp,
    username: `board_${role}_${n}_${stamp}`,
    email: `board_${role}_${n}_${stamp}@example.com`,
    password: PEOPLE_PASSWORD,
    phone: '9876543210',
    branch: branch._id,
  });
  const managerPerson = person('manager', 0);
  await api(admin, 'POST', '/add-managers', managerPerson);
  const technicians = await inBatches(
    Array.from({ length: TECHNICIANS }, (_, n) => n),
    4,
    (n) => api(admin, 'POST', '/add-technicians', person('technician', n)),
  );
  const manager = await signIn(BASE, managerPerson.username, PEOPLE_PASSWORD);
  const categories = ['New Installation', 'Repair', 'Maintenance'];
  const orders = await inBatches(
    Array.from({ length: JOBS + PENDING }, (_, n) => n),
    8,
    async (n) => {
      const customer = await api(manager, 'POST', '/create-customer', {
        name: `Customer ${n}`,
        phoneNumber: `+9198${String(10_000_000 + n * 7919).slice(-8)}`,
        address: `${n} MG Road, Pune`,
        projectType: 'CCTV Camera',
        projectCategory: categories[n % categories.length],
        initialRemark: 'Install 4 cameras',
      });
      return customer.workOrders[0].orderId;
    },
  );
  await inBatches(
    orders.slice(0, JOBS).map((orderId, n) => ({ orderId, n })),
    8,
    ({ orderId, n }) => {
      const technician = technicians[n % TECHNICIANS];
      const k = Math.floor(n / TECHNICIANS);
      const day = plusDays(monday, k % 6);
      const hour = 10 + 2 * Math.floor(k / 6);
      return api(manager, 'POST', '/schedule-work-order', {
        orderId,
        technicianId: technician._id,
        start: `${day}T${String(hour).padStart(2, '0')}:00:00+05:30`,
        durationMinutes: 90,
        override: true,
      });
    },
  );
  return { manager: managerPerson.username };
}

const metricsOf = async (cdp) => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const of = (name) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return {
    task: of('TaskDuration'),
    // The main thread's CPU time: the same work, without the time the thread waited for a
    // core while other programs ran (TaskDuration is wall time, so it grows with the load).
    cpu: of('ThreadTime'),
    script: of('ScriptDuration'),
    layout: of('LayoutDuration'),
    style: of('RecalcStyleDuration'),
  };
};
const minus = (after, before) =>
  Object.fromEntries(Object.keys(after).map((key) => [key, after[key] - before[key]]));

/** Two frames drawn after whatever the page was doing: its work so far is done. */
const settle = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );

async function measureOnce(browser, cookie, monday, row) {
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 1440, height: 900 },
  });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: BASE }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Performance.enable');
  // A manager's desk screen (/customers was no route: 'Page Not Found', without the desk).
  await page.goto('/dashboard', { waitUntil: 'networkidle' });
  await settle(page);

  // First render.
  const cards = page.locator('section[aria-label="Week board"] article');
  const before = await metricsOf(cdp);
  const started = Date.now();
  await page.evaluate((url) => {
    history.pushState(null, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/schedule?view=week&date=${monday}`);
  // The board draws only the technicians' rows in its scrolled view (and a few beyond): the
  // first render is done when its rows are drawn, their cards in them, and two frames shown.
  await page.waitForFunction(
    () =>
      document.querySelectorAll('section[aria-label="Week board"] tr[aria-rowindex] article')
        .length > 0,
    null,
    { timeout: 60_000, polling: 'raf' },
  );
  await settle(page);
  const render = { ...minus(await metricsOf(cdp), before), wall: Date.now() - started };
  const shown = await cards.count();

  // One drag: a row's Monday 12:00 job onto its Friday (each run its own technician's row).
  await page.waitForLoadState('networkidle');
  await settle(page);
  // The technician's row by its place (aria-rowindex: the header is 1), drawn or not yet.
  const rowOf = (n) =>
    page.locator(`section[aria-label="Week board"] tr[aria-rowindex="${n + 2}"]`);
  // The mouse moves in the viewport: both rows on screen, below the page's sticky header.
  await page.evaluate(() => {
    const board = document.querySelector('section[aria-label="Week board"]');
    if (board) scrollBy(0, board.getBoundingClientRect().top - 80);
  });
  // The board (its own scroll container) draws only the rows in its scrolled view: a later
  // run's row is drawn once the board has been scrolled down to it.
  await page.waitForFunction(
    (index) => {
      const board = document.querySelector('section[aria-label="Week board"]');
      if (!board || board.querySelector(`tr[aria-rowindex="${index}"]`)) return Boolean(board);
      board.scrollTop += board.clientHeight / 2;
      return false;
    },
    row + 2,
    { polling: 100, timeout: 30_000 },
  );
  await rowOf(row).evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const card = rowOf(row).locator('td').nth(0).locator('article').nth(1);
  const orderLabel = await card.getAttribute('aria-label');
  const from = await card.boundingBox();
  const to = await rowOf(row).locator('td').nth(TARGET_DAY).boundingBox();
  if (!from || !to || !orderLabel) throw new Error('no card or cell to drag');
  if (process.env.BOARD_DEBUG) {
    page.on('console', (m) => console.log('console:', m.text()));
    page.on('response', (r) => {
      if (r.url().includes('/api/'))
        void r
          .text()
          .then((body) => console.log('response:', r.status(), r.url(), body.slice(0, 400)));
    });
    console.log('drag from', from, 'to', to);
    page.on('request', (r) => {
      if (r.method() === 'POST') console.log('request:', r.url(), r.postData());
    });
  }
  await page.mouse.move(from.x + from.width / 2, from.y + 8);
  await settle(page);
  if (PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const beforeDrag = await metricsOf(cdp);
  const dragStarted = Date.now();
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: DRAG_STEPS });
  await page.mouse.up();
  await settle(page);
  if (PROFILE) printProfile((await cdp.send('Profiler.stop')).profile);
  const gesture = { ...minus(await metricsOf(cdp), beforeDrag), wall: Date.now() - dragStarted };
  const beforeSettle = await metricsOf(cdp);
  // The board says where the card went once the save and the re-read are done.
  await rowOf(row)
    .locator('td')
    .nth(TARGET_DAY)
    .locator(`article[aria-label="${orderLabel}"]`)
    .waitFor({ timeout: 30_000 })
    .catch(async (error) => {
      await page.screenshot({ path: 'test-results/schedule-board-drag.png' });
      throw new Error(
        `the dragged card did not arrive (screenshot: test-results/schedule-board-drag.png): ${error.message}`,
      );
    });
  await page.waitForLoadState('networkidle');
  await settle(page);
  const after = { ...minus(await metricsOf(cdp), beforeSettle), wall: Date.now() - dragStarted };
  await context.close();
  return { render, shown, gesture, after };
}

/** The functions the drag spent most of its own time in (BOARD_PROFILE=1). */
function printProfile(profile) {
  const self = new Map();
  const interval = new Map();
  const { samples, timeDeltas, nodes } = profile;
  const byId = new Map(nodes.map((node) => [node.id, node]));
  for (const [i, id] of samples.entries()) {
    interval.set(id, (interval.get(id) ?? 0) + (timeDeltas[i] ?? 0));
  }
  for (const [id, micros] of interval) {
    const { functionName, url, lineNumber, columnNumber } = byId.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}:${columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + micros);
  }
  console.log('  drag profile, self time:');
  for (const [key, micros] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`    ${(micros / 1000).toFixed(1).padStart(7)} ms  ${key}`);
  }
}

const ms = (value) => `${value.toFixed(0)} ms`;
const parts = (m) =>
  `${ms(m.task)} (script ${ms(m.script)}, style ${ms(m.style)}, layout ${ms(m.layout)}; CPU ${ms(m.cpu)})`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const own = startServer({
  serverPath: process.env.BOARD_SERVER,
  port: PORT,
  adminPassword: ADMIN_PASSWORD,
  dataPrefix: 'karya-board-',
});
let browser;
try {
  await waitForServer(BASE, own.server);
  const monday = nextMonday();
  const seedStarted = Date.now();
  const { manager } = await seed(monday);
  console.log(
    `Seeded ${TECHNICIANS} technicians, ${JOBS} jobs in the week of ${monday} and ${PENDING} pending orders in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`,
  );
  const cookie = await signIn(BASE, manager, PEOPLE_PASSWORD);
  browser = await chromium.launch({
    // The journeys' browser (e2e/playwright.config.ts).
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell',
  });
  console.log(
    `Main-thread task time in Chromium ${browser.version()}${CPU_SLOWDOWN > 1 ? `, CPU slowed ${CPU_SLOWDOWN}×` : ''}; target under ${TARGET_MS} ms each\n`,
  );
  const runs = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const result = await measureOnce(browser, cookie, monday, run - 1);
    runs.push(result);
    console.log(
      `run ${run}: first render of the week (${result.shown} of ${JOBS} cards drawn) ${parts(result.render)}, ${ms(result.render.wall)} wall`,
    );
    console.log(
      `       drag (down, ${DRAG_STEPS} moves, up) ${parts(result.gesture)}; after the drop (save, re-read, render) ${parts(result.after)}; ${ms(result.after.wall)} wall in all`,
    );
  }
  const render = median(runs.map((r) => r.render.task));
  const gesture = median(runs.map((r) => r.gesture.task));
  const after = median(runs.map((r) => r.after.task));
  console.log(
    `\nmedian of ${RUNS}: first render ${ms(render)}, drag ${ms(gesture)}, after the drop ${ms(after)}, drag with its drop ${ms(median(runs.map((r) => r.gesture.task + r.after.task)))}`,
  );
  const cpu = (key) => ms(median(runs.map((r) => r[key].cpu)));
  console.log(
    `main-thread CPU, median of ${RUNS}: first render ${cpu('render')}, drag ${cpu('gesture')}, after the drop ${cpu('after')}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
} finally {
  await browser?.close();
  await own.stop();
}
