import type { Database, Tx } from '../db/client';
import { auditEvents } from '../db/schema';

export interface AuditEntry {
  /** Null for the system itself (first start, reset). */
  actorId: string | null;
  /** verb.noun style, e.g. 'auth.login', 'user.create'. */
  action: string;
  entityType: string;
  entityId?: string | null;
  summary: string;
  changes?: Record<string, unknown>;
}

/**
 * Every change of data calls this with the transaction that makes the change,
 * so the audit trail can never disagree with the data.
 */
export async function recordAudit(db: Database | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    summary: entry.summary,
    changes: entry.changes ?? null,
  });
}
