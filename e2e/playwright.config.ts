import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Separate ports and data folders let two runs share a machine without meeting.
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data';
// E2E_SERVER_BUNDLE: a private server bundle, for a run beside others' builds (helper-rules).
const SERVER_BUNDLE = process.env.E2E_SERVER_BUNDLE ?? '../apps/server/dist/main.js';
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const E2E_ADMIN_PASSWORD = 'e2e-admin-pass';
const JOURNEY_BROWSER = '/usr/bin/chromium-headless-shell';

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // A journey is several people in several browsers: the longest take 35–45 s on an idle
  // 2-core machine, so 45 s left no margin. Steps still wait only for what a user sees.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['./support/page-snapshot-reporter.ts'],
    ['json', { outputFile: '../test-results/playwright.json' }],
  ],
  use: {
    baseURL: BASE_URL,
    // Off unless asked for (E2E_TRACE=1): recording a trace's screencast and snapshots took
    // the journeys from 58 to 105 s on a sample (decision 040), and CI keeps only the log,
    // where the page-snapshot reporter prints what each failed page showed.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // Only the PWA and offline journeys install the service worker (they say 'allow'): in the
    // others it would download and precache the whole 1.3 MB shell in every browser.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell, the build Playwright itself runs headless (decision 040).
      executablePath: process.env.CHROME_PATH ?? JOURNEY_BROWSER,
      // Without the networking flags Chromium floods this closed network with refused connections.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // A fresh embedded database for every run, so journeys never see an earlier run's data.
    command: `rm -rf ${DATA_DIR} && node ${SERVER_BUNDLE}`,
    url: `${BASE_URL}/api/docs/json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    },
  },
});
