import cluster, { type Worker } from 'node:cluster';
import { type LoggerOptions, pino } from 'pino';
import { systemClock } from './clock';
import { type Config, POOL_LEAST } from './config';
import { openDatabase } from './db/client';
import { createDefaultAdminOnFirstStart } from './first-start';
import { safeLoggerOptions } from './http/log-safety';
import { startAmcScheduler } from './modules/amc';
import { runningMessage } from './serve';

/** A worker that dies is replaced, at most this many times within the window… */
export const MAX_RESTARTS = 5;
export const RESTART_WINDOW_MS = 60_000;
/** …each after this pause, so a worker that cannot start does not spin a core. */
const RESTART_DELAY_MS = 1_000;
/** Workers still running this long after SIGTERM are killed. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * Restarts allowed in a sliding window: past the bound, the cluster stops (exit code 1) and
 * whatever supervises Karya (systemd, Docker) sees a failure instead of a process that
 * restarts its workers for ever.
 */
export class RestartBudget {
  private readonly recent: number[] = [];

  constructor(
    private readonly max = MAX_RESTARTS,
    private readonly windowMs = RESTART_WINDOW_MS,
  ) {}

  /** Counts a restart at `now`; false when the window already holds `max` of them. */
  take(now = Date.now()): boolean {
    while (this.recent.length > 0 && (this.recent[0] ?? 0) <= now - this.windowMs) {
      this.recent.shift();
    }
    if (this.recent.length >= this.max) return false;
    this.recent.push(now);
    return true;
  }
}

/**
 * The cluster's primary (decision 014): serves nothing itself. It migrates the database and
 * creates the default admin once, before any worker exists, then forks `config.workers` API
 * processes that share the port (Node hands connections to them in turn), replaces one
 * that dies, and stops them all on SIGTERM or SIGINT.
 */
export async function runCluster(config: Config): Promise<void> {
  const log = pino(safeLoggerOptions({ level: config.logLevel }) as LoggerOptions);
  // The primary migrates and runs the scheduler, one connection each at most: its own pool
  // stays small, outside the workers' budget (DATABASE_POOL_SIZE).
  const database = await openDatabase(config, { poolSize: POOL_LEAST });
  try {
    await createDefaultAdminOnFirstStart(database.db, config, log);
  } catch (error) {
    await database.close();
    throw error;
  }
  // The primary serves nothing, so it runs the maintenance scheduler (decision 035) for its
  // workers on the database it opened; the scheduler's advisory lock keeps other machines'
  // primaries from opening a visit twice.
  const stopScheduler = startAmcScheduler(
    database.db,
    systemClock,
    { leadDays: config.amc.leadDays, minutes: config.amc.schedulerMinutes },
    log,
  );

  const alive = new Set<Worker>();
  const budget = new RestartBudget();
  let stopping = false;
  let exitCode = 0;
  let listening = 0;

  const fork = () => alive.add(cluster.fork());

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    void stopScheduler().then(() => database.close());
    if (alive.size === 0) process.exit(code);
    for (const worker of alive) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of alive) worker.process.kill('SIGKILL');
      process.exit(code);
    }, STOP_TIMEOUT_MS).unref();
  };

  cluster.on('listening', () => {
    listening += 1;
    if (listening === config.workers) log.info(runningMessage(config, config.workers));
  });

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    if (stopping) {
      if (alive.size === 0) {
        log.info('Every API process has stopped');
        process.exit(exitCode);
      }
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!budget.take()) {
      log.fatal(
        `API process ${worker.process.pid} exited (${how}), the ${MAX_RESTARTS + 1}th within ${RESTART_WINDOW_MS / 1000} s: stopping Karya`,
      );
      stop(1);
      return;
    }
    log.error(`API process ${worker.process.pid} exited (${how}); starting another`);
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!stopping) log.info(`${signal} received, stopping ${alive.size} API processes`);
      stop(0);
    });
  }

  for (let started = 0; started < config.workers; started += 1) fork();
}
