import { getTableName, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { complaintClocks, complaintSlaSettings, unitLinks } from '../../db/complaints-schema';
import { importRows, imports } from '../../db/imports-schema';
import { quotations, quotationVersions, workOrderPlannedItems } from '../../db/quotations-schema';
import {
  reorderLevels,
  reportDailySales,
  reportDailyTechnician,
  reportDailyWork,
  workOrderPendingDays,
} from '../../db/reports-schema';
import {
  amcContractNumberSeq,
  amcContracts,
  amcInvoicePayments,
  amcInvoices,
  amcVisits,
  auditEvents,
  billLines,
  billNumberCounters,
  billPayments,
  billRefunds,
  bills,
  branches,
  branchStock,
  branchWorkingHours,
  businessProfile,
  checklistItems,
  checklistTemplates,
  creditNoteLines,
  creditNotes,
  customers,
  customerUpdateMessages,
  customerUpdateTemplates,
  demoRequests,
  documentNumberCounters,
  gstRates,
  idempotencyKeys,
  inventoryItems,
  inventoryReturnLines,
  inventoryReturns,
  leadRemarks,
  leads,
  liveEvents,
  loginFailures,
  ownershipTransfers,
  projectNumberSeq,
  requestThrottle,
  scheduleDefaultDurations,
  serialUnits,
  sessions,
  stockMovements,
  technicianLeave,
  technicianStock,
  users,
  warrantyIssues,
  warrantyReplacements,
  whatsappAutoSend,
  whatsappMessages,
  whatsappNumbers,
  whatsappOutbox,
  whatsappSettings,
  whatsappTemplates,
  workOrderChecklistAnswers,
  workOrderNumberSeq,
  workOrderPhotos,
  workOrderSchedules,
  workOrderSignatures,
  workOrderStatusHistory,
  workOrderStatusLinks,
  workOrders,
  workOrderTallies,
} from '../../db/schema';

/*
 * Every table of the public schema is in exactly one list below. A table added later that is
 * in none makes the reset refuse to run (unclassifiedTables) and fails the test that compares
 * these lists with the database, so nobody can forget to decide what a reset does with it.
 */

/** Emptied whole by one TRUNCATE (its serial ids restart too). */
export const EMPTIED_TABLES: readonly string[] = [
  // Sessions end: the admin kept signs in again. Failed-attempt counters go with them.
  sessions,
  loginFailures,
  requestThrottle,
  // Kept answers of the phone's queued actions: the actions they answer are gone.
  idempotencyKeys,
  ownershipTransfers,
  // Contacts.
  leads,
  leadRemarks,
  customers,
  demoRequests,
  // Work orders; the tallies too, which statement triggers do not clear on TRUNCATE.
  workOrders,
  workOrderStatusHistory,
  workOrderTallies,
  // The customers' job-status links and the updates sent by the server (issue 21).
  workOrderStatusLinks,
  customerUpdateMessages,
  // The technicians' checklist answers, photos and customers' signatures on those orders
  // (issue 22). Their files stay in the storage, unreachable: no row names their random keys
  // (decisions 032, 033).
  workOrderChecklistAnswers,
  workOrderPhotos,
  workOrderSignatures,
  // Quotations, their versions and the planned items of the orders they opened (issue 35).
  quotations,
  quotationVersions,
  workOrderPlannedItems,
  // Bills and their numbers; the invoices, receipts and series they became (issue 19).
  bills,
  billLines,
  billNumberCounters,
  billPayments,
  documentNumberCounters,
  // What cancelled invoices became: refund vouchers and credit notes (decision 041).
  billRefunds,
  creditNotes,
  creditNoteLines,
  // The business's name, address and GST registration: a reset starts a new business.
  businessProfile,
  // Its wording of the customers' updates (issue 21): back to the defaults. Its approved
  // WhatsApp templates, which updates go automatically, and the updates queued (issue 40).
  customerUpdateTemplates,
  whatsappTemplates,
  whatsappAutoSend,
  whatsappOutbox,
  // The conversations, the numbers that wrote (their window, their STOP) and the branch new
  // numbers' leads go to (issue 40).
  whatsappMessages,
  whatsappNumbers,
  whatsappSettings,
  // Its checklists per project type (issue 22): a new business defines its own.
  checklistTemplates,
  checklistItems,
  // Catalogue, stock, returns.
  inventoryItems,
  branchStock,
  technicianStock,
  serialUnits,
  stockMovements,
  inventoryReturns,
  inventoryReturnLines,
  // Warranty records.
  warrantyReplacements,
  warrantyIssues,
  // Maintenance contracts, their visits and invoices (issue 23).
  amcContracts,
  amcVisits,
  amcInvoices,
  amcInvoicePayments,
  // The schedule: working hours, leave, every job's planned time, default durations and the
  // live boards' recent events (issue 34).
  branchWorkingHours,
  technicianLeave,
  workOrderSchedules,
  scheduleDefaultDurations,
  liveEvents,
  // The files imported and their rows (issue 36): they name users and branches that go.
  imports,
  importRows,
  // Complaints' response clocks, the branches' response targets and the units' sticker links
  // (issue 37): a sticker printed before the reset names a unit that is gone.
  complaintClocks,
  complaintSlaSettings,
  unitLinks,
  // The owner's reports' daily figures (they count bills and orders that go) and the items'
  // reorder levels (issue 38).
  reportDailySales,
  reportDailyTechnician,
  reportDailyWork,
  workOrderPendingDays,
  reorderLevels,
].map((table) => getTableName(table));

/** Emptied row by row: every user but the admin kept, then every branch. */
export const USERS_TABLE = getTableName(users);
export const BRANCHES_TABLE = getTableName(branches);

/**
 * Never touched: the reset's own audit record must outlive it, and the GST slabs are the law's,
 * not the business's.
 */
export const KEPT_TABLES: readonly string[] = [getTableName(auditEvents), getTableName(gstRates)];

/** Every table a reset empties (all but the admin row of users). */
export const RESET_TABLES: readonly string[] = [...EMPTIED_TABLES, USERS_TABLE, BRANCHES_TABLE];

/**
 * Sequences that no table owns, restarted by the reset so the next order and project are
 * number 1 again. Sequences of serial columns restart with their TRUNCATEd table, or stay
 * with a kept one.
 */
export const RESTARTED_SEQUENCES: readonly string[] = [
  workOrderNumberSeq.seqName ?? 'work_order_number_seq',
  projectNumberSeq.seqName ?? 'project_number_seq',
  amcContractNumberSeq.seqName ?? 'amc_contract_number_seq',
];

/** Tables whose rows are derived or short-lived: restored data rebuilds or does not need them. */
export const NOT_BACKED_UP: readonly string[] = [
  getTableName(sessions),
  getTableName(loginFailures),
  getTableName(requestThrottle),
  // Kept by the work-order triggers: inserting the orders back counts them again.
  getTableName(workOrderTallies),
  getTableName(workOrderPendingDays),
];

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Db = Database | Tx;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The tables of the public schema, by name. */
export async function listDatabaseTables(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select tablename::text as name from pg_tables where schemaname = 'public' order by 1`,
  );
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/** Sequences of the public schema that no column owns (serial sequences are owned). */
export async function listFreeSequences(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select s.relname::text as name
    from pg_class s
    join pg_namespace n on n.oid = s.relnamespace
    where s.relkind = 'S' and n.nspname = 'public'
      and not exists (
        select 1 from pg_depend d
        where d.classid = 'pg_class'::regclass and d.objid = s.oid and d.deptype in ('a', 'i')
      )
    order by 1`);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/** Tables and free sequences of the database that the lists above do not name. */
export async function unclassifiedObjects(db: Db): Promise<string[]> {
  const known = new Set([...RESET_TABLES, ...KEPT_TABLES]);
  const sequences = new Set(RESTARTED_SEQUENCES);
  return [
    ...(await listDatabaseTables(db)).filter((name) => !known.has(name)),
    ...(await listFreeSequences(db))
      .filter((name) => !sequences.has(name))
      .map((name) => `sequence ${name}`),
  ];
}

/**
 * The statements that empty the business, in an order foreign keys accept: the reset runs
 * them keeping one admin; a backup's restore runs them keeping nobody before loading its rows.
 */
export function deletionStatements(keepUserId: string | null): string[] {
  const users = quoteIdent(USERS_TABLE);
  const keep = keepUserId ? `'${keepUserId.replaceAll("'", "''")}'` : null;
  return [
    `TRUNCATE ${EMPTIED_TABLES.map(quoteIdent).join(', ')} RESTART IDENTITY`,
    ...RESTARTED_SEQUENCES.map((name) => `ALTER SEQUENCE ${quoteIdent(name)} RESTART`),
    // Row by row: audit_events and branches point at users with ON DELETE SET NULL.
    keep ? `DELETE FROM ${users} WHERE "id" <> ${keep}` : `DELETE FROM ${users}`,
    ...(keep ? [`UPDATE ${users} SET "branch_id" = NULL WHERE "id" = ${keep}`] : []),
    `DELETE FROM ${quoteIdent(BRANCHES_TABLE)}`,
  ];
}
