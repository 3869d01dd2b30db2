import { resolve } from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { assertBackupFile, restoreBackup } from './modules/system/restore';

/*
 * node apps/server/dist/restore-backup.js <backup.sql>
 *
 * Puts a backup of DATA_DIR/backups back into the database of the same settings as the
 * server (DATABASE_URL, or PGlite in DATA_DIR), replacing its business rows (decision 012).
 * With PGlite, stop Karya first: only one process may open the data folder.
 */
const file = process.argv[2];
if (!file) {
  process.stderr.write('Usage: node apps/server/dist/restore-backup.js <backup.sql>\n');
  process.exit(2);
}

const config = loadConfig();
try {
  await assertBackupFile(resolve(file));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
const database = await openDatabase(config);
try {
  const { statements } = await restoreBackup(database.db, resolve(file));
  process.stdout.write(
    `Restored ${resolve(file)} (${statements} statements) into ${database.driver === 'pglite' ? `PGlite at ${config.dataDir}` : 'PostgreSQL'}.\nEveryone signs in again with the passwords they had when the backup was taken.\n`,
  );
} catch (error) {
  process.stderr.write(
    `Restore failed, nothing changed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
