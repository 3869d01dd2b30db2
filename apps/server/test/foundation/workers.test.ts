import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_RESTARTS, RESTART_WINDOW_MS, RestartBudget } from '../../src/cluster';
import { ConfigError, loadConfig } from '../../src/config';

/** WORKERS (issue 17, decision 014): how many API processes, and when more than one is refused. */

const POSTGRES = 'postgres://karya@db.example:5432/karya';
const REFUSAL =
  'Karya cannot start: WORKERS=2 needs DATABASE_URL: the embedded PGlite database can be opened by one process only. Set DATABASE_URL=postgres://… to run several API processes, or WORKERS=1.';

describe('WORKERS', () => {
  it('defaults to one process on PGlite and to every core on PostgreSQL', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: POSTGRES }).workers).toBe(availableParallelism());
    expect(loadConfig({ DATABASE_URL: POSTGRES, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
  });

  it('refuses more than one process on PGlite, and a number that is not one', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(
      'WORKERS=2 needs DATABASE_URL: the embedded PGlite database can be opened by one process only.',
    );
    for (const value of ['0', '-1', '1.5', 'two', '2x']) {
      expect(() => loadConfig({ DATABASE_URL: POSTGRES, WORKERS: value })).toThrow(
        `WORKERS must be a whole number of processes (1 or more), got "${value}"`,
      );
    }
  });

  it('the server started with WORKERS=2 on PGlite says why and exits with 1, opening nothing', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'karya-workers-')), 'data');
    const started = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../../src/main.ts', import.meta.url))],
      {
        cwd: fileURLToPath(new URL('../../', import.meta.url)),
        env: { PATH: process.env.PATH ?? '', WORKERS: '2', PORT: '0', DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(started.status).toBe(1);
    expect(started.stderr.trim()).toBe(REFUSAL);
    expect(started.stdout).toBe('');
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('restarting workers that die', () => {
  it('allows five restarts a minute, refuses the sixth, and allows again once the minute has passed', () => {
    const budget = new RestartBudget();
    const start = 1_000_000;
    for (let restart = 0; restart < MAX_RESTARTS; restart += 1) {
      expect(budget.take(start + restart * 1000)).toBe(true);
    }
    expect(budget.take(start + 10_000)).toBe(false);
    expect(budget.take(start + RESTART_WINDOW_MS - 1)).toBe(false);
    // The first restart has left the window: one more is allowed, then the window is full again.
    expect(budget.take(start + RESTART_WINDOW_MS)).toBe(true);
    expect(budget.take(start + RESTART_WINDOW_MS + 1)).toBe(false);
  });
});
