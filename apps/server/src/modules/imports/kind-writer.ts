import type { ImportCellError, RowCheck } from '@karya/domain/import-schemas';
import type { Database, Tx } from '../../db/client';

/** Where a batch writes: who imports, into which branch (null for a business-wide kind). */
export interface WriteContext {
  actorId: string;
  branchId: string | null;
}

/**
 * How one kind's rows reach the database (issue 36), beside its definition in
 * packages/domain/src/import-kinds/: the form's service functions, shared through the owning
 * module's index.ts. Adding a kind is one file kind-<kind>.ts and a line in kind-writers.ts.
 */
export interface ImportWriter<I = unknown> {
  /** 'customer': in "A customer with this phone already exists". */
  noun: string;
  /**
   * Rows the form's schema passed, checked where the database holds the rule (a GST slab in
   * force, a lead's phone that is a customer's) and made ready to keep (a password hashed);
   * one answer per input, in order. Absent: every input as it is.
   */
  prepare?(db: Database, context: WriteContext, inputs: I[]): Promise<RowCheck<I>[]>;
  /** The records these keys already name (key → record id), within the import's branch. */
  existing(db: Database | Tx, context: WriteContext, keys: string[]): Promise<Map<string, string>>;
  /** Writes one row inside the batch's transaction: the record's id, or why it is refused. */
  save(
    tx: Tx,
    context: WriteContext,
    input: I,
    existingId: string | null,
  ): Promise<{ id: string } | { refused: string }>;
  /**
   * New records of one batch at once, their ids in order: for a kind whose creation is one
   * row (customers), so 10,000 are one INSERT a batch rather than 10,000. Absent: save each.
   */
  createMany?(tx: Tx, context: WriteContext, inputs: I[]): Promise<string[]>;
}

export const refusedRow = (column: string, message: string): RowCheck<never> => ({
  ok: false,
  errors: [{ column, message } satisfies ImportCellError],
});

/** The branch of a per-branch kind; the service never writes one without it. */
export function branchOf(context: WriteContext): string {
  if (!context.branchId) throw new Error('a per-branch import without a branch');
  return context.branchId;
}

/** Keys one query carries, well inside PostgreSQL's parameter limit. */
const LOOKUP_CHUNK = 5000;

/** A lookup by keys read in chunks of LOOKUP_CHUNK, its answers merged. */
export async function inChunks<T>(
  keys: readonly string[],
  read: (part: string[]) => Promise<Map<string, T>>,
) {
  const found = new Map<string, T>();
  for (let start = 0; start < keys.length; start += LOOKUP_CHUNK) {
    for (const [key, value] of await read(keys.slice(start, start + LOOKUP_CHUNK)))
      found.set(key, value);
  }
  return found;
}
