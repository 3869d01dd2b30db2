import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { BACKUP_MARKER } from './backup';

/**
 * Runs a backup written by backup.ts against a migrated database, statement by statement
 * (one per line, so a file of any size streams), inside one transaction: the database ends
 * with exactly the backup's business rows, or, on any error, unchanged. The file's own
 * BEGIN and COMMIT are there for psql; here the transaction is the driver's.
 */
/** Refuses a file that is not a backup before anything opens the database. */
export async function assertBackupFile(file: string): Promise<void> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    if (line.startsWith(BACKUP_MARKER)) return;
    break;
  }
  throw new Error(`${file} is not a Karya backup`);
}

export async function restoreBackup(db: Database, file: string): Promise<{ statements: number }> {
  let statements = 0;
  let first = true;
  await db.transaction(async (tx) => {
    // Opened here and read at once: lines read before the loop attaches would be lost.
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    for await (const line of lines) {
      if (first) {
        if (!line.startsWith(BACKUP_MARKER)) throw new Error(`${file} is not a Karya backup`);
        first = false;
      }
      if (line === '' || line.startsWith('--') || line === 'BEGIN;' || line === 'COMMIT;') continue;
      await tx.execute(sql.raw(line));
      statements += 1;
    }
    if (first) throw new Error(`${file} is empty`);
  });
  return { statements };
}
