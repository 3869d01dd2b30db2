import type { Config } from './config';
import type { Database } from './db/client';
import { ensureDefaultAdmin } from './modules/system/bootstrap-admin';

/**
 * Creates the default admin on a database without users and says so; a generated password
 * is printed once, on the console only: it is never stored in clear or logged again.
 */
export async function createDefaultAdminOnFirstStart(
  db: Database,
  config: Pick<Config, 'adminUsername' | 'adminPassword'>,
  log: { info(message: string): void },
): Promise<void> {
  const admin = await ensureDefaultAdmin(db, {
    username: config.adminUsername,
    password: config.adminPassword,
  });
  if (!admin.created) return;
  log.info(`Created the default admin "${admin.username}"`);
  if (admin.generatedPassword) {
    process.stdout.write(
      `\n  Default admin: username "${admin.username}", password "${admin.generatedPassword}"\n  Sign in and change it under Settings.\n\n`,
    );
  }
}
