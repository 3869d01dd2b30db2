// Installs the workspace's packages when node_modules is missing or older than the lockfile,
// so `npm start` and `npm test` work on a fresh clone with nothing done by hand.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runOrExit, step } from './run.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const installedMarker = `${root}node_modules/.package-lock.json`;
const lockfile = `${root}package-lock.json`;

export function ensureInstalled() {
  const fresh =
    existsSync(installedMarker) && statSync(installedMarker).mtimeMs >= statSync(lockfile).mtimeMs;
  if (fresh) return;
  step('Installing packages (npm ci)');
  runOrExit('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: root,
    // Browser tests use Debian's Chromium; Playwright must not download its own.
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureInstalled();
