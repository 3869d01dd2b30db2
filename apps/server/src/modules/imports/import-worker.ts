import { randomUUID } from 'node:crypto';
import { definitionOf, type ImportKind, type OnDuplicate } from '@karya/domain/import-schemas';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../audit/record-audit';
import type { Database } from '../../db/client';
import { PollLoop } from '../../poll-loop';
import {
  claimImport,
  finishImport,
  type ImportRow,
  pendingRows,
  type RowOutcome,
  recordOutcomes,
  releaseImport,
  renewLease,
} from './imports.queries';
import { type WriteContext, writerOf } from './kind-writers';

/**
 * The worker that commits imports (issue 36). One runs in every server process; they share the
 * imports table and never the same import: it is claimed with FOR UPDATE SKIP LOCKED and leased.
 * Each batch is one transaction that renews the lease, writes its rows' records and their
 * outcomes together: a process killed mid-batch leaves none of that batch written, and the next
 * worker to claim the import (when the lease runs out) goes on from the first row without an
 * outcome. So every row lands exactly once.
 */

export interface ImportWorkerOptions {
  /** How often the table is read besides the wake after a commit; 0: only drain() (tests). */
  pollMs: number;
  /** How long a claimed import is another process's before it may be claimed again. */
  leaseMs?: number;
  /** Rows per transaction. */
  batchSize?: number;
  /** Claims of one import before an error no row caused marks it failed. */
  maxAttempts?: number;
  log?: FastifyBaseLogger;
}

const LEASE_MS = 60_000;
const BATCH_SIZE = 500;
const MAX_ATTEMPTS = 5;

export class ImportWorker {
  private readonly loop: PollLoop;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;

  constructor(
    private readonly db: Database,
    private readonly options: ImportWorkerOptions,
  ) {
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.batchSize = options.batchSize ?? BATCH_SIZE;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    this.loop = new PollLoop(
      options.pollMs,
      () => this.drain(),
      (error) => this.options.log?.error({ err: error }, 'import run failed'),
    );
  }

  /** Polls every pollMs: an import another process left (its lease run out) is taken up. */
  start() {
    this.loop.start();
  }

  /** Stops polling and waits for the batch in hand; the import stays leased until it runs out. */
  stop() {
    return this.loop.stop();
  }

  /** Runs soon: after a commit was asked. A wake during a run makes it look once more. */
  wake() {
    this.loop.wake();
  }

  /** Commits every import that may be claimed now, then resolves: what tests call. */
  async drain(): Promise<number> {
    let finished = 0;
    while (await this.runOnce()) finished += 1;
    return finished;
  }

  /**
   * Claims one import and writes it to the end, or `maxBatches` batches of it and then stops
   * holding its lease, as a process killed there would (tests). False when none was claimable.
   */
  async runOnce(limits: { maxBatches?: number } = {}): Promise<boolean> {
    const owner = randomUUID();
    const claimed = await claimImport(this.db, owner, new Date(), this.leaseMs);
    if (!claimed) return false;
    try {
      let batches = 0;
      while (await this.runBatch(claimed, owner)) {
        batches += 1;
        if (limits.maxBatches !== undefined && batches >= limits.maxBatches) return true;
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.log?.error({ err: error, importId: claimed.id }, 'import batch failed');
      if (claimed.attempts >= this.maxAttempts) {
        await this.db.transaction((tx) =>
          finishImport(tx, claimed.id, 'failed', new Date(), message),
        );
      } else {
        // Given back: the next poll of any process retries it from the first row left.
        await releaseImport(this.db, claimed.id, owner, new Date(Date.now() + 5_000), message);
      }
    }
    return true;
  }

  /** One batch in one transaction; false once the import has no row left (or is not ours). */
  private async runBatch(claimed: ImportRow, owner: string): Promise<boolean> {
    const kind = claimed.kind as ImportKind;
    const definition = definitionOf(kind);
    const writer = writerOf(kind);
    if (!definition || !writer) throw new Error(`no writer for ${kind}`);
    return this.db.transaction(async (tx) => {
      const current = await renewLease(tx, claimed.id, owner, new Date(), this.leaseMs);
      if (!current) return false;
      const rows = await pendingRows(tx, claimed.id, this.batchSize);
      if (rows.length === 0) {
        const done = await finishImport(tx, claimed.id, 'done', new Date());
        await recordAudit(tx, {
          actorId: claimed.createdBy,
          action: 'import.done',
          entityType: 'import',
          entityId: claimed.id,
          summary: `Imported ${claimed.fileName}: ${done?.created ?? 0} created, ${done?.updated ?? 0} updated, ${done?.skipped ?? 0} skipped, ${done?.failed ?? 0} refused`,
          changes: {
            created: done?.created,
            updated: done?.updated,
            skipped: done?.skipped,
            failed: done?.failed,
          },
        });
        return false;
      }
      const context: WriteContext = {
        actorId: claimed.createdBy ?? '',
        branchId: claimed.branchId,
      };
      const onDuplicate = (current.onDuplicate ?? 'skip') as OnDuplicate;
      // Against the database as it is now: the same file committed twice finds every row.
      const live = rows.filter((row) => !row.errors && row.repeatOf === null && row.input);
      const keysOf = new Map(
        live.map((row) => [row.rowNumber, definition.keys(row.input as never).map((k) => k.key)]),
      );
      const existing = await writer.existing(tx, context, [
        ...new Set([...keysOf.values()].flat()),
      ]);
      const outcomes: RowOutcome[] = [];
      const toCreate: typeof rows = [];
      for (const row of rows) {
        if (row.errors || !row.input) {
          outcomes.push(outcome(row.rowNumber, 'failed'));
          continue;
        }
        if (row.repeatOf !== null) {
          outcomes.push(outcome(row.rowNumber, 'skipped'));
          continue;
        }
        const hit = (keysOf.get(row.rowNumber) ?? []).find((key) => existing.has(key));
        const existingId = hit ? (existing.get(hit) ?? null) : null;
        if (existingId && onDuplicate === 'skip') {
          outcomes.push(outcome(row.rowNumber, 'skipped', existingId));
          continue;
        }
        if (!existingId && writer.createMany) {
          toCreate.push(row);
          continue;
        }
        const saved = await writer.save(tx, context, row.input as never, existingId);
        if ('refused' in saved)
          outcomes.push(outcome(row.rowNumber, 'failed', null, saved.refused));
        else outcomes.push(outcome(row.rowNumber, existingId ? 'updated' : 'created', saved.id));
      }
      if (toCreate.length > 0 && writer.createMany) {
        const ids = await writer.createMany(
          tx,
          context,
          toCreate.map((row) => row.input as never),
        );
        toCreate.forEach((row, index) => {
          outcomes.push(outcome(row.rowNumber, 'created', ids[index] ?? null));
        });
      }
      await recordOutcomes(tx, claimed.id, outcomes);
      return true;
    });
  }
}

const outcome = (
  rowNumber: number,
  kind: RowOutcome['outcome'],
  recordId: string | null = null,
  message: string | null = null,
): RowOutcome => ({ rowNumber, outcome: kind, recordId, message });

const WORKERS = new WeakMap<object, ImportWorker>();

/** The app's import worker, for tests to drain and the commit route to wake. */
export const importWorkerOf = (app: object): ImportWorker | null => WORKERS.get(app) ?? null;
export const keepImportWorker = (app: object, worker: ImportWorker) => WORKERS.set(app, worker);
