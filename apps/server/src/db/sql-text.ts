import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/** Escapes LIKE's wildcards (and its escape character) so typed text matches itself. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Next number of an id sequence; nextval never hands the same number out twice. */
export async function nextSequenceValue(
  tx: Tx,
  sequence: 'work_order_number_seq' | 'project_number_seq',
): Promise<number> {
  const result = await tx.execute<{ n: string | number }>(
    sql`select nextval(${sequence}::regclass) as n`,
  );
  return Number((result as unknown as { rows: Array<{ n: string | number }> }).rows[0]?.n);
}
