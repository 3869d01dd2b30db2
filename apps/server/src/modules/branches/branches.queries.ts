import type { BranchSummary } from '@karya/domain/branch-schemas';
import { BRANCH_MESSAGES } from '@karya/domain/branch-schemas';
import { BRANCH_ASSIGNED_STATUSES } from '@karya/domain/dashboard-schemas';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
import {
  branches,
  branchStock,
  customers,
  leads,
  NO_TECHNICIAN,
  users,
  workOrderTallies,
} from '../../db/schema';

const creator = alias(users, 'creator');
const owner = alias(users, 'owner');

/**
 * Branches with their derived figures in one statement: the owner is a join (a partial
 * unique index allows one per branch), technicians, customers, open leads, completed
 * projects, waiting work orders and assigned projects correlated counts served by the
 * (branch_id, …) indexes.
 */
function selectBranchSummaries(db: Database | Tx) {
  return db
    .select({
      id: branches.id,
      name: branches.name,
      location: branches.location,
      address: branches.address,
      phone: branches.phone,
      status: branches.status,
      upiVpa: branches.upiVpa,
      upiName: branches.upiName,
      gstin: branches.gstin,
      stateCode: branches.stateCode,
      invoicePrefix: branches.invoicePrefix,
      requireSignature: branches.requireSignature,
      createdAt: branches.createdAt,
      creatorFirstName: creator.firstName,
      creatorLastName: creator.lastName,
      ownerId: owner.id,
      ownerFirstName: owner.firstName,
      ownerLastName: owner.lastName,
      ownerEmail: owner.email,
      ownerPhone: owner.phone,
      technicians: sql<number>`(
        select count(*)::int from ${users}
        where ${users.branchId} = ${branches.id}
          and ${users.role} = 'technician' and ${users.status} = 'active'
      )`,
      customers: sql<number>`(
        select count(*)::int from ${customers} where ${customers.branchId} = ${branches.id}
      )`,
      openLeads: sql<number>`(
        select count(*)::int from ${leads}
        where ${leads.branchId} = ${branches.id} and ${leads.convertedAt} is null
      )`,
      // Work-order figures read the tallies the database keeps (decision 009).
      projects: sql<number>`(
        select coalesce(sum(${workOrderTallies.total}), 0)::int from ${workOrderTallies}
        where ${workOrderTallies.branchId} = ${branches.id}
          and ${workOrderTallies.status} = 'completed'
      )`,
      workOrders: sql<number>`(
        select coalesce(sum(${workOrderTallies.total}), 0)::int from ${workOrderTallies}
        where ${workOrderTallies.branchId} = ${branches.id}
          and ${workOrderTallies.status} = 'pending'
          and ${workOrderTallies.technicianKey} = ${NO_TECHNICIAN}
      )`,
      // Spec 1 §6: serial units in stock plus generic quantities.
      stock: sql<number>`(
        select coalesce(sum(${branchStock.quantity}), 0)::int from ${branchStock}
        where ${branchStock.branchId} = ${branches.id}
      )`,
      assigned: sql<number>`(
        select coalesce(sum(${workOrderTallies.total}), 0)::int from ${workOrderTallies}
        where ${workOrderTallies.branchId} = ${branches.id}
          and ${inArray(workOrderTallies.status, [...BRANCH_ASSIGNED_STATUSES])}
      )`,
    })
    .from(branches)
    .leftJoin(creator, eq(creator.id, branches.createdBy))
    .leftJoin(
      owner,
      and(
        eq(owner.branchId, branches.id),
        eq(owner.role, 'manager'),
        inArray(owner.activeManagerStatus, ['active', 'transferring']),
      ),
    )
    .$dynamic();
}

type SummaryRow = Awaited<ReturnType<typeof selectBranchSummaries>>[number];

function toBranchSummary(row: SummaryRow): BranchSummary {
  const hasOwner = row.ownerId !== null;
  return {
    _id: row.id,
    name: row.name,
    location: row.location,
    address: row.address,
    phone: row.phone,
    status: row.status,
    upiVpa: row.upiVpa,
    upiName: row.upiName,
    gstin: row.gstin,
    stateCode: row.stateCode,
    invoicePrefix: row.invoicePrefix,
    requireSignature: row.requireSignature,
    createdAt: row.createdAt.toISOString(),
    createdBy:
      row.creatorFirstName !== null
        ? { firstName: row.creatorFirstName, lastName: row.creatorLastName ?? '' }
        : null,
    manager: hasOwner
      ? `${row.ownerFirstName} ${row.ownerLastName}`.trim()
      : BRANCH_MESSAGES.noManager,
    managerInfo:
      row.ownerId !== null
        ? {
            _id: row.ownerId,
            firstName: row.ownerFirstName ?? '',
            lastName: row.ownerLastName ?? '',
            email: row.ownerEmail ?? '',
            phone: row.ownerPhone ?? '',
          }
        : null,
    technicians: Number(row.technicians),
    customers: Number(row.customers),
    leadsAndCustomers: Number(row.customers) + Number(row.openLeads),
    projects: Number(row.projects),
    workOrders: Number(row.workOrders),
    assigned: Number(row.assigned),
    stock: Number(row.stock),
  };
}

export async function listBranchSummaries(db: Database): Promise<BranchSummary[]> {
  const rows = await selectBranchSummaries(db).orderBy(asc(branches.name));
  return rows.map(toBranchSummary);
}

export async function findBranchSummary(
  db: Database | Tx,
  branchId: string,
): Promise<BranchSummary | null> {
  const [row] = await selectBranchSummaries(db).where(eq(branches.id, branchId)).limit(1);
  return row ? toBranchSummary(row) : null;
}

/** A branch's name and phone alone: what a customer's status page shows, without counts. */
export async function findBranchContact(
  db: Database | Tx,
  branchId: string,
): Promise<{ name: string; phone: string } | null> {
  const [row] = await db
    .select({ name: branches.name, phone: branches.phone })
    .from(branches)
    .where(eq(branches.id, branchId));
  return row ?? null;
}

/**
 * Whether the branch wants the customer's signature before an order is sent for approval
 * (issue 22); an unknown branch wants nothing.
 */
export async function branchRequiresSignature(
  db: Database | Tx,
  branchId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ requireSignature: branches.requireSignature })
    .from(branches)
    .where(eq(branches.id, branchId));
  return row?.requireSignature ?? false;
}

export async function updateBranchRow(
  tx: Tx,
  branchId: string,
  values: Partial<typeof branches.$inferInsert>,
): Promise<boolean> {
  const rows = await tx
    .update(branches)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(branches.id, branchId))
    .returning({ id: branches.id });
  return rows.length === 1;
}

export async function insertBranch(
  tx: Tx,
  values: typeof branches.$inferInsert,
): Promise<{ id: string }> {
  const [row] = await tx.insert(branches).values(values).returning({ id: branches.id });
  if (!row) throw new Error('branch insert returned no row');
  return row;
}

/**
 * Locks the branch row for the rest of the transaction: two managers added at once, or a
 * manager added during an ownership transfer, cannot both become its active one.
 */
export async function lockBranch(tx: Tx, branchId: string): Promise<{ name: string } | null> {
  const [row] = await tx
    .select({ name: branches.name })
    .from(branches)
    .where(eq(branches.id, branchId))
    .for('update');
  return row ?? null;
}
