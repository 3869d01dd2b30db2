import type { Database, Tx } from '../../db/client';
import { findRecordOfCurrentUnit, findRecordsHolding, issuesOf } from './warranty.queries';

type Db = Database | Tx;

/**
 * A unit and its warranty replacements as one thing (issue 37): the QR sticker is made for the
 * chain's first serial, the unit as installed, and follows it through every swap.
 */

/**
 * The first serial of the chain whose current unit at the customer is `serial`; a serial of
 * no record (never claimed, or a unit taken back) is its own chain.
 */
export async function firstSerialOfChain(db: Db, serial: string): Promise<string> {
  const record = await findRecordOfCurrentUnit(db, serial);
  return record?.serialNumber ?? serial;
}

/** The chain that starts at `firstSerial`: every serial it held, oldest first, and its current one. */
export async function chainFrom(
  db: Db,
  firstSerial: string,
): Promise<{ current: string; serials: string[] }> {
  const record = (await findRecordsHolding(db, firstSerial)).find(
    (row) => row.serialNumber === firstSerial,
  );
  if (!record) return { current: firstSerial, serials: [firstSerial] };
  const fitted = (await issuesOf(db, [record.id])).flatMap((issue) =>
    issue.replacementSerialNumber ? [issue.replacementSerialNumber] : [],
  );
  return {
    current: record.replacementSerialNumber ?? firstSerial,
    serials: [...new Set([firstSerial, ...fitted])],
  };
}
