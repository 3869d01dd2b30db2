import { buildApp } from './app';
import { loadConfig } from './config';
import { ensureDefaultAdmin } from './modules/system/bootstrap-admin';

const config = loadConfig();
const { app, database } = await buildApp(config);

const admin = await ensureDefaultAdmin(database.db, {
  username: config.adminUsername,
  password: config.adminPassword,
});
if (admin.created) {
  app.log.info(`Created the default admin "${admin.username}"`);
  if (admin.generatedPassword) {
    // Printed once, on the console only: it is never stored in clear or logged again.
    process.stdout.write(
      `\n  Default admin: username "${admin.username}", password "${admin.generatedPassword}"\n  Sign in and change it under Settings.\n\n`,
    );
  }
}

const shutdown = async (signal: string) => {
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Karya is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} on ${database.driver === 'pglite' ? `embedded PGlite (${config.dataDir})` : 'PostgreSQL'}`,
);
