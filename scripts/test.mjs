// `npm test`: every check in one go — lint and format, types, unit and API tests (PGlite,
// and PostgreSQL too when TEST_DATABASE_URL is set), then browser journeys in Chromium
// against the built app. Ends with one line counting every test run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-installed.mjs';
import { run, runOrExit, step } from './run.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = `${root}test-results`;
mkdirSync(reports, { recursive: true });

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';

let aptUpdated = false;
function aptInstall(pkg) {
  // One package-list update a run, however many packages are missing.
  if (!aptUpdated) aptUpdated = run('apt-get', ['update', '-qq']) === 0;
  return (
    run('apt-get', ['install', '-y', '-qq', pkg], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }) === 0
  );
}

/**
 * The journeys' browser: CHROME_PATH when set, else Debian's chromium-headless-shell, the
 * build Playwright runs headless (decision 040: the journeys in half the time of the full
 * browser's new headless mode); run as root, it is installed when missing. Debian's full
 * chromium still serves when the shell can't be had.
 */
function ensureJourneyBrowser() {
  const chosen = process.env.CHROME_PATH;
  if (chosen) {
    if (existsSync(chosen)) return chosen;
    console.error(`\n✗ No browser at CHROME_PATH=${chosen}.`);
    process.exit(1);
  }
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  if (process.getuid?.() === 0) {
    step("Installing Debian's chromium-headless-shell for the browser journeys");
    if (aptInstall('chromium-headless-shell') && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  }
  if (existsSync(FULL_CHROMIUM)) {
    console.log(`No ${HEADLESS_SHELL}: the journeys run in ${FULL_CHROMIUM}, about twice as slow.`);
    return FULL_CHROMIUM;
  }
  if (process.getuid?.() === 0 && aptInstall('chromium') && existsSync(FULL_CHROMIUM)) {
    return FULL_CHROMIUM;
  }
  console.error(
    "\n✗ No Chromium for the journeys. Install Debian's package (sudo apt-get install -y chromium-headless-shell) or set CHROME_PATH.",
  );
  process.exit(1);
}

/**
 * The GST invoice journey reads the downloaded PDF as text and pixels with Debian's
 * poppler-utils (pdftotext, pdftoppm); run as root, it is installed when missing.
 */
function ensurePoppler() {
  const found = spawnSync('sh', ['-c', 'command -v pdftoppm && command -v pdftotext']);
  if (found.status === 0) return;
  if (process.getuid?.() === 0) {
    step("Installing Debian's poppler-utils for the invoice PDF journey");
    if (aptInstall('poppler-utils')) return;
  }
  console.error(
    "\n✗ pdftotext/pdftoppm not found: install Debian's poppler-utils (sudo apt-get install -y poppler-utils).",
  );
  process.exit(1);
}

ensureInstalled();

step('Lint, format and the web layers: no feature imports another (Biome, biome.json overrides)');
runOrExit('npx', ['biome', 'check', '.'], { cwd: root });

step('Typecheck');
runOrExit('npm', ['run', 'typecheck', '--silent'], { cwd: root });

step(
  process.env.TEST_DATABASE_URL
    ? 'Unit and API tests (PGlite and PostgreSQL)'
    : 'Unit and API tests (PGlite; set TEST_DATABASE_URL to run them on PostgreSQL too)',
);
const vitestReport = `${reports}/vitest.json`;
const vitestStatus = run(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  { cwd: root },
);

step('Build');
runOrExit('npm', ['run', 'build'], { cwd: root });

step('JavaScript per route (budgets of issue 17)');
const bundleStatus = run('node', ['scripts/bundle-report.mjs'], { cwd: root });

step('Browser journeys (Playwright, Chromium)');
const chromePath = ensureJourneyBrowser();
ensurePoppler();
const e2eReport = `${reports}/playwright.json`; // written by the json reporter of e2e/playwright.config.ts
const e2eStatus = run('npx', ['playwright', 'test'], {
  cwd: `${root}e2e`,
  env: { ...process.env, CHROME_PATH: chromePath },
});

function count(file, read) {
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 1 };
  }
}
const unit = count(vitestReport, (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests + (r.numTotalTestSuites > 0 ? 0 : 1),
}));
const e2e = count(e2eReport, (r) => ({
  passed: r.stats.expected,
  failed: r.stats.unexpected + r.stats.flaky,
}));
const passed = unit.passed + e2e.passed;
const failed = unit.failed + e2e.failed;
console.log(`\nvitest: ${unit.passed} passed, ${unit.failed} failed`);
console.log(`playwright: ${e2e.passed} passed, ${e2e.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
if (bundleStatus !== 0) console.log('JavaScript budgets: over (see above)');
process.exit(vitestStatus !== 0 || e2eStatus !== 0 || bundleStatus !== 0 || failed > 0 ? 1 : 0);
