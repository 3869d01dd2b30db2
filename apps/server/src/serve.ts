import { buildApp } from './app';
import type { Config } from './config';
import { createDefaultAdminOnFirstStart } from './first-start';
import { startAmcScheduler } from './modules/amc';

/**
 * One API process: opens the database, serves the port, and closes cleanly on SIGTERM or
 * SIGINT (in-flight requests finish, the pool closes). A cluster worker (decision 014)
 * skips what its primary did once before forking: migrations and the default admin.
 */
export async function serve(config: Config, role: 'alone' | 'worker'): Promise<void> {
  const alone = role === 'alone';
  const { app, database, clock } = await buildApp(config, { migrate: alone });
  if (alone) await createDefaultAdminOnFirstStart(database.db, config, app.log);
  // The maintenance scheduler (decision 035): here when this process is alone; a cluster's
  // primary runs it for its workers. Its advisory lock keeps several machines safe.
  if (alone) {
    const stopScheduler = startAmcScheduler(
      database.db,
      clock,
      { leadDays: config.amc.leadDays, minutes: config.amc.schedulerMinutes },
      app.log,
    );
    app.addHook('onClose', stopScheduler);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    // Ctrl-C reaches a cluster's workers and its primary, which then sends SIGTERM: once is enough.
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (alone) app.log.info(runningMessage(config, 1));
}

export function runningMessage(config: Config, processes: number): string {
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const database = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite (${config.dataDir})`;
  const workers = processes > 1 ? `, ${processes} API processes` : '';
  return `Karya is running at http://${host}:${config.port} on ${database}${workers}`;
}
