import { communicationRemarkPrefix } from '@karya/domain/customer-updates';
import { DEFAULT_WORKING_HOURS, type WorkingHours } from '@karya/domain/schedule';
import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNotNull,
  lt,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
import {
  amcVisits,
  branchWorkingHours,
  customers,
  technicianLeave,
  users,
  workOrderSchedules,
  workOrderStatusHistory,
  workOrders,
} from '../../db/schema';
import { likeEscape } from '../../db/sql-text';
import { type SlaTuple, slaOf } from '../work-orders';

type Db = Database | Tx;

/** The branch's working hours, or the default week when it never set them. */
export async function readWorkingHours(db: Db, branchId: string): Promise<WorkingHours> {
  const [row] = await db
    .select({ hours: branchWorkingHours.hours })
    .from(branchWorkingHours)
    .where(eq(branchWorkingHours.branchId, branchId));
  return row?.hours ?? DEFAULT_WORKING_HOURS;
}

export async function saveWorkingHours(
  db: Db,
  branchId: string,
  hours: WorkingHours,
  updatedBy: string,
) {
  await db
    .insert(branchWorkingHours)
    .values({ branchId, hours, updatedBy })
    .onConflictDoUpdate({
      target: branchWorkingHours.branchId,
      set: { hours, updatedBy, updatedAt: sql`now()` },
    });
}

/** An active technician of the branch, or null. */
export async function findBranchTechnician(db: Db, technicianId: string, branchId: string) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.id, technicianId),
        eq(users.role, 'technician'),
        eq(users.status, 'active'),
        eq(users.branchId, branchId),
      ),
    );
  return row ?? null;
}

/** The branch of an active technician, or null. */
export async function findTechnicianBranch(db: Db, technicianId: string): Promise<string | null> {
  const [row] = await db
    .select({ branchId: users.branchId })
    .from(users)
    .where(
      and(eq(users.id, technicianId), eq(users.role, 'technician'), eq(users.status, 'active')),
    );
  return row?.branchId ?? null;
}

export async function findUserName(db: Db, id: string): Promise<string> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  return row ? `${row.firstName} ${row.lastName}`.trim() : 'another technician';
}

/** The branch's active technicians in name order. */
export function listBranchTechnicians(db: Db, branchId: string) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(eq(users.role, 'technician'), eq(users.status, 'active'), eq(users.branchId, branchId)),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

const leaveFields = {
  id: technicianLeave.id,
  technicianId: technicianLeave.technicianId,
  branchId: technicianLeave.branchId,
  start: technicianLeave.startsAt,
  end: technicianLeave.endsAt,
  reason: technicianLeave.reason,
};

export async function insertLeave(
  db: Db,
  leave: {
    technicianId: string;
    branchId: string;
    startsAt: Date;
    endsAt: Date;
    reason: string;
    createdBy: string;
  },
) {
  const [row] = await db.insert(technicianLeave).values(leave).returning(leaveFields);
  if (!row) throw new Error('Leave was not saved');
  return row;
}

export async function findLeave(db: Db, id: string) {
  const [row] = await db
    .select(leaveFields)
    .from(technicianLeave)
    .where(eq(technicianLeave.id, id));
  return row ?? null;
}

export async function deleteLeave(db: Db, id: string) {
  await db.delete(technicianLeave).where(eq(technicianLeave.id, id));
}

/** Leave of these technicians that overlaps from..to. */
export function leaveBetween(db: Db, technicianIds: readonly string[], from: Date, to: Date) {
  if (technicianIds.length === 0) return Promise.resolve([]);
  return db
    .select(leaveFields)
    .from(technicianLeave)
    .where(
      and(
        inArray(technicianLeave.technicianId, [...technicianIds]),
        lt(technicianLeave.startsAt, to),
        gt(technicianLeave.endsAt, from),
      ),
    )
    .orderBy(asc(technicianLeave.startsAt));
}

/** The technician's scheduled jobs overlapping from..to, but the one being moved. */
export async function technicianJobsBetween(
  db: Db,
  technicianId: string,
  from: Date,
  to: Date,
  exceptWorkOrderId: string,
) {
  const rows = await db
    .select({
      orderId: workOrders.orderId,
      start: workOrderSchedules.startsAt,
      end: workOrderSchedules.endsAt,
    })
    .from(workOrderSchedules)
    .innerJoin(workOrders, eq(workOrders.id, workOrderSchedules.workOrderId))
    .where(
      and(
        eq(workOrderSchedules.technicianId, technicianId),
        lt(workOrderSchedules.startsAt, to),
        gt(workOrderSchedules.endsAt, from),
        ne(workOrderSchedules.workOrderId, exceptWorkOrderId),
        // A job done or handed on no longer holds the technician's time.
        inArray(workOrders.status, ['assigned', 'in-progress', 'paused', 'rejected']),
      ),
    );
  return rows.flatMap((row) =>
    row.start && row.end ? [{ orderId: row.orderId, start: row.start, end: row.end }] : [],
  );
}

/** The order's schedule row, locked (the order's own row is locked before it). */
export async function lockSchedule(tx: Tx, workOrderId: string) {
  const [row] = await tx
    .select()
    .from(workOrderSchedules)
    .where(eq(workOrderSchedules.workOrderId, workOrderId))
    .for('update');
  return row ?? null;
}

export async function saveSchedule(
  tx: Tx,
  values: {
    workOrderId: string;
    branchId: string;
    technicianId: string | null;
    startsAt: Date | null;
    endsAt: Date | null;
    windowStart: string | null;
    windowEnd: string | null;
    version: number;
    updatedBy: string;
  },
) {
  await tx
    .insert(workOrderSchedules)
    .values(values)
    .onConflictDoUpdate({
      target: workOrderSchedules.workOrderId,
      set: { ...values, updatedAt: sql`now()` },
    });
}

const jobFields = {
  id: workOrders.id,
  orderId: workOrders.orderId,
  status: workOrders.status,
  technicianId: sql<
    string | null
  >`coalesce(${workOrderSchedules.technicianId}, ${workOrders.technicianId})`,
  start: workOrderSchedules.startsAt,
  end: workOrderSchedules.endsAt,
  windowStart: workOrderSchedules.windowStart,
  windowEnd: workOrderSchedules.windowEnd,
  version: sql<number>`coalesce(${workOrderSchedules.version}, 0)`.mapWith(Number),
  customerName: customers.name,
  projectType: workOrders.projectType,
  projectCategory: workOrders.projectCategory,
  createdAt: workOrders.createdAt,
  // When work first started (the board marks a late start): one index probe of the order's
  // history, made only for the rows a page returns.
  startedAt:
    sql<Date | null>`(select min(${workOrderStatusHistory.updatedAt}) from ${workOrderStatusHistory} where ${workOrderStatusHistory.workOrderId} = ${workOrders.id} and ${workOrderStatusHistory.status} = 'in-progress')`.mapWith(
      workOrderStatusHistory.updatedAt,
    ),
  // An AMC visit's order: the day the visit is due (the lane shows it, overdue marked).
  amcDueDate: amcVisits.dueDate,
  // A complaint's response clock (issue 37): a primary-key probe for the rows a page returns.
  sla: slaOf(workOrders.id),
};
export type JobRow = {
  id: string;
  orderId: string;
  status: string;
  technicianId: string | null;
  start: Date | null;
  end: Date | null;
  windowStart: string | null;
  windowEnd: string | null;
  version: number;
  customerName: string;
  projectType: string;
  projectCategory: string;
  createdAt: Date;
  startedAt: Date | null;
  amcDueDate: string | null;
  sla: SlaTuple | null;
};

/** One order as the board shows it. */
export async function findJob(db: Db, workOrderId: string): Promise<JobRow | null> {
  const [row] = await db
    .select(jobFields)
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .leftJoin(workOrderSchedules, eq(workOrderSchedules.workOrderId, workOrders.id))
    .leftJoin(amcVisits, eq(amcVisits.workOrderId, workOrders.id))
    .where(eq(workOrders.id, workOrderId));
  return row ?? null;
}

/** Booked jobs with their order and customer, by start: the board's and the phone's rows. */
function bookedJobs(db: Db, where: SQL | undefined): Promise<JobRow[]> {
  return db
    .select(jobFields)
    .from(workOrderSchedules)
    .innerJoin(workOrders, eq(workOrders.id, workOrderSchedules.workOrderId))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .leftJoin(amcVisits, eq(amcVisits.workOrderId, workOrders.id))
    .where(where)
    .orderBy(asc(workOrderSchedules.startsAt), asc(workOrders.orderId));
}

/** The branch's jobs scheduled to overlap from..to, by start (an index range). */
export function branchJobsBetween(
  db: Db,
  branchId: string,
  from: Date,
  to: Date,
): Promise<JobRow[]> {
  return bookedJobs(
    db,
    and(
      eq(workOrderSchedules.branchId, branchId),
      // A job is at most a day long (MAX_JOB_MINUTES): one that ends in the range started at
      // most a day before it, so the start bound keeps this an index range.
      gt(workOrderSchedules.startsAt, new Date(from.getTime() - 24 * 60 * 60 * 1000)),
      lt(workOrderSchedules.startsAt, to),
      gt(workOrderSchedules.endsAt, from),
    ),
  );
}

/**
 * The lane: pending orders and assigned ones without a time, oldest first. One status at a
 * time, each an index range in the lane's order (work_orders_branch_status_created_idx read
 * backwards) that stops after `limit` rows, merged in the same statement: with both statuses
 * in one IN list PostgreSQL read every pending and assigned order of the branch, about 30,000
 * at a million orders, to sort them (issue 34's bench).
 */
export function unscheduledJobs(db: Database, branchId: string, limit: number): Promise<JobRow[]> {
  // Serially: at a million orders PostgreSQL ran the two short index ranges with parallel
  // workers, three processes for 200 rows (41 ms against 3.6 ms without them), which made the
  // board 2.7 times slower than at 10,000 orders. Only this statement is told so.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return (
      laneOfStatus(tx, branchId, 'pending', limit)
        .unionAll(laneOfStatus(tx, branchId, 'assigned', limit))
        // The union's own columns: drizzle would name them by their keys (createdAt).
        .orderBy(sql`created_at`, sql`order_id`)
        .limit(limit)
    );
  });
}

/** The schedule table again, for the lane's anti-join beside its left join. */
const bookedTime = alias(workOrderSchedules, 'booked_time');

function laneOfStatus(db: Db, branchId: string, status: 'pending' | 'assigned', limit: number) {
  return db
    .select(jobFields)
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .leftJoin(workOrderSchedules, eq(workOrderSchedules.workOrderId, workOrders.id))
    .leftJoin(amcVisits, eq(amcVisits.workOrderId, workOrders.id))
    .where(
      and(
        eq(workOrders.branchId, branchId),
        eq(workOrders.status, status),
        // Not as `schedule is null or its start is null` on the left join: PostgreSQL guessed
        // that a few rows and joined the customers by scanning them once a row (44 s at a
        // million orders); an anti-join it estimates, and reads the range in order.
        notExists(
          db
            .select({ one: sql`1` })
            .from(bookedTime)
            .where(and(eq(bookedTime.workOrderId, workOrders.id), isNotNull(bookedTime.startsAt))),
        ),
      ),
    )
    .orderBy(asc(workOrders.createdAt), asc(workOrders.orderId))
    .limit(limit);
}

/**
 * Whether the customer was sent the visit's time: a 'Technician assigned' or 'Visit
 * rescheduled' update in the order's history, by a tap or by the server.
 */
export async function customerToldOfVisit(db: Db, workOrderId: string): Promise<boolean> {
  const told = (['technicianAssigned', 'visitRescheduled'] as const).map(
    (event) =>
      sql`${workOrderStatusHistory.remark} like ${`${likeEscape(communicationRemarkPrefix(event))}%`}`,
  );
  const [row] = await db
    .select({ id: workOrderStatusHistory.id })
    .from(workOrderStatusHistory)
    .where(and(eq(workOrderStatusHistory.workOrderId, workOrderId), or(...told)))
    .limit(1);
  return row !== undefined;
}

/** The day an AMC visit's order is due, or null for any other order. */
export async function findAmcDueDate(db: Db, workOrderId: string): Promise<string | null> {
  const [row] = await db
    .select({ dueDate: amcVisits.dueDate })
    .from(amcVisits)
    .where(eq(amcVisits.workOrderId, workOrderId));
  return row?.dueDate ?? null;
}

/** An order's booked time and window, or null when it has none. */
export async function findVisit(db: Db, workOrderId: string) {
  const [row] = await db
    .select({
      start: workOrderSchedules.startsAt,
      end: workOrderSchedules.endsAt,
      windowStart: workOrderSchedules.windowStart,
      windowEnd: workOrderSchedules.windowEnd,
    })
    .from(workOrderSchedules)
    .where(eq(workOrderSchedules.workOrderId, workOrderId));
  return row?.start && row.end ? { ...row, start: row.start, end: row.end } : null;
}

/** A technician's booked jobs that start from..to and are still theirs to do, by start. */
export function technicianUpcomingJobs(
  db: Db,
  technicianId: string,
  from: Date,
  to: Date,
): Promise<JobRow[]> {
  return bookedJobs(
    db,
    and(
      eq(workOrderSchedules.technicianId, technicianId),
      eq(workOrders.technicianId, technicianId),
      gt(workOrderSchedules.endsAt, from),
      lt(workOrderSchedules.startsAt, to),
      inArray(workOrders.status, ['assigned', 'in-progress', 'paused', 'rejected']),
    ),
  );
}
