import { indiaDateTimeText } from '@karya/domain/occurred-at';
import {
  addDays,
  daysFrom,
  dayUtilisation,
  indiaClockOf,
  indiaDayOf,
  indiaInstant,
  type ScheduleConflict,
  scheduleConflicts,
  type WorkingHours,
} from '@karya/domain/schedule';
import {
  type LeaveInput,
  SCHEDULE_MESSAGES as M,
  type MyScheduleAnswer,
  type PutWorkingHoursInput,
  type ScheduleAnswer,
  type ScheduledJobAnswer,
  type ScheduleMoveAnswer,
  type ScheduleQuery,
  type ScheduleWorkOrderInput,
  type UnscheduleWorkOrderInput,
} from '@karya/domain/schedule-schemas';
import { isUuid } from '@karya/domain/user-schemas';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import type { Scope } from '../../auth/scope';
import type { Database, Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { raiseLiveEvent } from '../live-events';
import { enqueueCustomerUpdate, isSentAutomatically } from '../update-outbox';
import {
  appendHistory,
  assignTechnician,
  findWorkOrderRow,
  type LockedWorkOrder,
  lockWorkOrder,
  touchWorkOrder,
  workOrderSlaOf,
} from '../work-orders';
import { readDefaultDurations } from './default-durations.service';
import {
  branchJobsBetween,
  customerToldOfVisit,
  deleteLeave,
  findAmcDueDate,
  findBranchTechnician,
  findJob,
  findLeave,
  findTechnicianBranch,
  findUserName,
  findVisit,
  insertLeave,
  type JobRow,
  leaveBetween,
  listBranchTechnicians,
  lockSchedule,
  readWorkingHours,
  saveSchedule,
  saveWorkingHours,
  technicianJobsBetween,
  technicianUpcomingJobs,
  unscheduledJobs,
} from './schedule.queries';

/** The most orders the unscheduled lane lists: the oldest, which need a time first. */
const LANE_LIMIT = 200;

/** The branch a desk user plans: a manager's own, the one an admin names. */
function plannedBranch(scope: Scope, asked: string | undefined): string {
  if (scope.kind === 'branch') return scope.branchId;
  if (scope.kind === 'all') {
    const branch = asked ?? scope.branchId;
    if (!branch) throw badRequest(M.branchRequired);
    return branch;
  }
  throw notFound(M.orderNotFound);
}

const inScope = (scope: Scope, branchId: string) =>
  scope.kind === 'all' || (scope.kind === 'branch' && scope.branchId === branchId);

function jobAnswer(row: JobRow): ScheduledJobAnswer {
  return {
    _id: row.id,
    orderId: row.orderId,
    technicianId: row.technicianId,
    start: row.start?.toISOString() ?? null,
    end: row.end?.toISOString() ?? null,
    window:
      row.windowStart && row.windowEnd ? { start: row.windowStart, end: row.windowEnd } : null,
    status: row.status,
    customerName: row.customerName,
    projectType: row.projectType,
    projectCategory: row.projectCategory,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    amcDueDate: row.amcDueDate,
    sla: workOrderSlaOf(row.sla),
  };
}

/** GET /api/schedule: the branch's technicians, their days, its jobs and its lane. */
export async function getSchedule(
  db: Database,
  scope: Scope,
  query: ScheduleQuery,
): Promise<ScheduleAnswer> {
  const branchId = plannedBranch(scope, query.branch);
  const from = indiaInstant(query.from, '00:00');
  const to = indiaInstant(addDays(query.to, 1), '00:00');
  const [hours, technicians, jobs, lane, defaultDurations] = await Promise.all([
    readWorkingHours(db, branchId),
    listBranchTechnicians(db, branchId),
    branchJobsBetween(db, branchId, from, to),
    unscheduledJobs(db, branchId, LANE_LIMIT),
    readDefaultDurations(db),
  ]);
  const leave = await leaveBetween(
    db,
    technicians.map((t) => t.id),
    from,
    to,
  );
  const days = daysFrom(query.from, query.to);
  return {
    branchId,
    from: query.from,
    to: query.to,
    workingHours: hours,
    technicians: technicians.map((technician) => {
      const own = jobs.flatMap((job) =>
        job.technicianId === technician.id && job.start && job.end
          ? [{ start: job.start, end: job.end }]
          : [],
      );
      const away = leave.filter((l) => l.technicianId === technician.id);
      return {
        _id: technician.id,
        name: `${technician.firstName} ${technician.lastName}`.trim(),
        workingHours: hours,
        leave: away.map((l) => ({
          _id: l.id,
          start: l.start.toISOString(),
          end: l.end.toISOString(),
          reason: l.reason,
        })),
        utilisation: days.map((day) => dayUtilisation(day, hours, own, away)),
      };
    }),
    jobs: jobs.map(jobAnswer),
    unscheduled: lane.map(jobAnswer),
    defaultDurations,
  };
}

/** PUT /api/branch-working-hours. */
export async function putWorkingHours(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: PutWorkingHoursInput,
): Promise<WorkingHours> {
  const branchId = plannedBranch(scope, input.branchId);
  await db.transaction(async (tx) => {
    await saveWorkingHours(tx, branchId, input.hours, actor.id);
    await raiseLiveEvent(tx, { type: 'schedule', branchId });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'schedule.working-hours',
      entityType: 'branch',
      entityId: branchId,
      summary: 'Working hours changed',
      changes: { hours: input.hours },
    });
  });
  return readWorkingHours(db, branchId);
}

/** POST /api/technician-leave: for a technician of a branch the user plans. */
export async function addLeave(db: Database, actor: Actor, scope: Scope, input: LeaveInput) {
  const branchId = await technicianBranch(db, scope, input.technicianId);
  const leave = await db.transaction(async (tx) => {
    const saved = await insertLeave(tx, {
      technicianId: input.technicianId,
      branchId,
      startsAt: new Date(input.start),
      endsAt: new Date(input.end),
      reason: input.reason,
      createdBy: actor.id,
    });
    await raiseLiveEvent(tx, { type: 'schedule', branchId, technicianId: input.technicianId });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'schedule.leave-add',
      entityType: 'user',
      entityId: input.technicianId,
      summary: `Leave ${input.start} – ${input.end}${input.reason ? `: ${input.reason}` : ''}`,
      changes: { start: input.start, end: input.end, reason: input.reason },
    });
    return saved;
  });
  return leaveAnswer(leave);
}

/** DELETE /api/technician-leave/{id}. */
export async function removeLeave(db: Database, actor: Actor, scope: Scope, id: string) {
  const leave = isUuid(id) ? await findLeave(db, id) : null;
  if (!leave || !inScope(scope, leave.branchId)) throw notFound(M.leaveNotFound);
  await db.transaction(async (tx) => {
    await deleteLeave(tx, id);
    await raiseLiveEvent(tx, {
      type: 'schedule',
      branchId: leave.branchId,
      technicianId: leave.technicianId,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'schedule.leave-remove',
      entityType: 'user',
      entityId: leave.technicianId,
      summary: 'Leave removed',
      changes: { start: leave.start.toISOString(), end: leave.end.toISOString() },
    });
  });
  return leaveAnswer(leave);
}

function leaveAnswer(leave: {
  id: string;
  technicianId: string;
  start: Date;
  end: Date;
  reason: string;
}) {
  return {
    _id: leave.id,
    technicianId: leave.technicianId,
    start: leave.start.toISOString(),
    end: leave.end.toISOString(),
    reason: leave.reason,
  };
}

async function technicianBranch(db: Database, scope: Scope, technicianId: string) {
  if (scope.kind === 'branch') {
    if (!(await findBranchTechnician(db, technicianId, scope.branchId)))
      throw notFound(M.technicianNotFound);
    return scope.branchId;
  }
  // An admin plans any branch: the technician's own.
  const branchId = await findTechnicianBranch(db, technicianId);
  if (scope.kind !== 'all' || !branchId) throw notFound(M.technicianNotFound);
  return branchId;
}

/** A schedule's line in the order's history: 'Scheduled 30/11/2026 11:00–13:00 (window …)'. */
function scheduledRemark(
  start: Date,
  end: Date,
  window: { start: string; end: string } | undefined,
  overridden: readonly ScheduleConflict[],
): string {
  const when = `${indiaDateTimeText(start)}–${indiaClockOf(end)}`;
  const told = window ? `, arrival window ${window.start}–${window.end}` : '';
  const anyway =
    overridden.length > 0
      ? `; scheduled anyway: ${overridden.map((c) => c.message).join('; ')}`
      : '';
  return `Scheduled ${when}${told}${anyway}`;
}

/**
 * Books the job's time with the order locked: the version the board moved must be the one
 * stored (else 409 and the job as it is), and the technician's day must be free (else 409
 * with the conflicts, unless the user chose to schedule anyway, which the history keeps).
 */
async function bookTime(
  tx: Tx,
  actor: Actor,
  order: Pick<LockedWorkOrder, 'id' | 'orderId' | 'branchId' | 'status'>,
  input: ScheduleWorkOrderInput,
): Promise<void> {
  const current = await lockSchedule(tx, order.id);
  const version = current?.version ?? 0;
  if (input.version !== undefined && input.version !== version) {
    const job = await findJob(tx, order.id);
    throw conflict(M.staleVersion(order.orderId), { job: job ? jobAnswer(job) : null });
  }
  const start = new Date(input.start);
  const end = new Date(start.getTime() + input.durationMinutes * 60_000);
  const hours = await readWorkingHours(tx, order.branchId);
  const [jobs, leave] = await Promise.all([
    technicianJobsBetween(tx, input.technicianId, start, end, order.id),
    leaveBetween(tx, [input.technicianId], start, end),
  ]);
  const conflicts = scheduleConflicts({ start, end, jobs, hours, leave });
  if (conflicts.length > 0 && !input.override) throw conflict(M.conflicts, { conflicts });
  await saveSchedule(tx, {
    workOrderId: order.id,
    branchId: order.branchId,
    technicianId: input.technicianId,
    startsAt: start,
    endsAt: end,
    windowStart: input.window?.start ?? null,
    windowEnd: input.window?.end ?? null,
    version: version + 1,
    updatedBy: actor.id,
  });
  // Issue 40: a booked visit moved; the customer hears the new time after this commits.
  if (current?.startsAt && current.startsAt.getTime() !== start.getTime())
    await enqueueCustomerUpdate(tx, {
      event: 'visitRescheduled',
      workOrderId: order.id,
      discriminator: `v${version + 1}`,
      actorId: actor.id,
    });
  await appendHistory(tx, {
    workOrderId: order.id,
    status: order.status === 'pending' ? 'assigned' : order.status,
    remark: scheduledRemark(start, end, input.window, conflicts),
    updatedBy: actor.id,
  });
  await recordAudit(tx, {
    actorId: actor.id,
    action: 'work-order.schedule',
    entityType: 'work-order',
    entityId: order.id,
    summary: `${order.orderId}: scheduled ${start.toISOString()} for ${input.durationMinutes} min`,
    changes: {
      technicianId: input.technicianId,
      start: start.toISOString(),
      durationMinutes: input.durationMinutes,
      window: input.window ?? null,
      overridden: conflicts.map((c) => c.kind),
    },
  });
}

/**
 * POST /api/schedule-work-order: a pending order is assigned and scheduled in one
 * transaction; an assigned one is moved in time, and only with its own technician (a new
 * technician for assigned work is a transfer, spec 2).
 */
export async function scheduleWorkOrder(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: ScheduleWorkOrderInput,
): Promise<ScheduleMoveAnswer> {
  const found = await findWorkOrderRow(db, input.orderId);
  if (!found || !inScope(scope, found.branchId)) throw notFound(M.orderNotFound);
  if (!(await findBranchTechnician(db, input.technicianId, found.branchId)))
    throw notFound(M.technicianNotFound);
  const before = await findJob(db, found.id);

  if (found.status === 'pending') {
    await assignTechnician(
      db,
      actor,
      scope,
      {
        customerId: found.customerId,
        orderId: found.id,
        technicianId: input.technicianId,
        instructions: input.instructions ?? '',
      },
      (tx, order) => bookTime(tx, actor, order, input),
    );
  } else {
    await db.transaction(async (tx) => {
      const order = await lockWorkOrder(tx, found.id);
      if (!order) throw notFound(M.orderNotFound);
      if (order.status !== 'assigned') throw conflict(M.notSchedulable(order.status));
      if (order.technicianId !== input.technicianId)
        throw conflict(
          M.otherTechnician(
            order.orderId,
            order.technicianId ? await findUserName(tx, order.technicianId) : 'nobody',
          ),
        );
      await bookTime(tx, actor, order, input);
      await touchWorkOrder(tx, order.id);
    });
  }
  const job = await findJob(db, found.id);
  if (!job) throw notFound(M.orderNotFound);
  return { ...jobAnswer(job), ...(await rescheduleOf(db, before, job)) };
}

/** A booked visit moved to another start: the start it had, and whether the customer knew it. */
async function rescheduleOf(db: Database, before: JobRow | null, after: JobRow) {
  const from = before?.start ?? null;
  if (!from || !after.start || from.getTime() === after.start.getTime())
    return { rescheduledFrom: null, customerTold: false, sentAutomatically: false };
  const [customerTold, sentAutomatically] = await Promise.all([
    customerToldOfVisit(db, after.id),
    // The discriminator bookTime queued the move under: the version it made. Queued is not
    // enough: the worker skips it without a template for the customer's language or after STOP.
    isSentAutomatically(db, {
      event: 'visitRescheduled',
      workOrderId: after.id,
      discriminator: `v${after.version}`,
    }),
  ]);
  return { rescheduledFrom: from.toISOString(), customerTold, sentAutomatically };
}

/** POST /api/unschedule-work-order: back to the lane; an assigned order stays assigned. */
export async function unscheduleWorkOrder(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: UnscheduleWorkOrderInput,
): Promise<ScheduledJobAnswer> {
  const found = await findWorkOrderRow(db, input.orderId);
  if (!found || !inScope(scope, found.branchId)) throw notFound(M.orderNotFound);
  await db.transaction(async (tx) => {
    const order = await lockWorkOrder(tx, found.id);
    if (!order) throw notFound(M.orderNotFound);
    const current = await lockSchedule(tx, order.id);
    if (input.version !== undefined && input.version !== (current?.version ?? 0)) {
      const job = await findJob(tx, order.id);
      throw conflict(M.staleVersion(order.orderId), { job: job ? jobAnswer(job) : null });
    }
    if (!current?.startsAt) throw conflict(M.notScheduled(order.orderId));
    await saveSchedule(tx, {
      workOrderId: order.id,
      branchId: order.branchId,
      technicianId: null,
      startsAt: null,
      endsAt: null,
      windowStart: null,
      windowEnd: null,
      version: current.version + 1,
      updatedBy: actor.id,
    });
    await appendHistory(tx, {
      workOrderId: order.id,
      status: order.status,
      remark: 'Schedule removed: back to the unscheduled lane',
      updatedBy: actor.id,
    });
    await touchWorkOrder(tx, order.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'work-order.unschedule',
      entityType: 'work-order',
      entityId: order.id,
      summary: `${order.orderId}: unscheduled`,
      changes: { start: current.startsAt.toISOString() },
    });
  });
  const job = await findJob(db, found.id);
  if (!job) throw notFound(M.orderNotFound);
  return jobAnswer(job);
}

/** The statuses in which a booked visit is still ahead of the customer. */
const VISIT_AHEAD = new Set(['pending', 'assigned', 'rejected']);

/**
 * The visit the customer is told of (issue 34): the booked start and end and the arrival
 * window, while the work has not started; null otherwise.
 */
export async function upcomingVisit(
  db: Database,
  order: { id: string; status: string },
): Promise<{ start: string; end: string; window: { start: string; end: string } | null } | null> {
  if (!VISIT_AHEAD.has(order.status)) return null;
  const visit = await findVisit(db, order.id);
  if (!visit) return null;
  return {
    start: visit.start.toISOString(),
    end: visit.end.toISOString(),
    window:
      visit.windowStart && visit.windowEnd
        ? { start: visit.windowStart, end: visit.windowEnd }
        : null,
  };
}

/**
 * An AMC visit's order not yet booked nor started: the day the visit is due, which the
 * customer's status page shows until the shop gives it a time (issue 34); null otherwise.
 */
export async function upcomingVisitDue(
  db: Database,
  order: { id: string; status: string },
): Promise<string | null> {
  if (!VISIT_AHEAD.has(order.status)) return null;
  return findAmcDueDate(db, order.id);
}

/** How far ahead the phone lists its booked jobs: today and the six days after. */
const PHONE_DAYS = 7;

/**
 * GET /api/my-schedule: the technician's own booked jobs, today's (one that began earlier and
 * runs into today too) and the next days', in time order.
 */
export async function mySchedule(db: Database, scope: Scope, now: Date): Promise<MyScheduleAnswer> {
  if (scope.kind !== 'own') throw notFound(M.orderNotFound);
  const today = indiaDayOf(now);
  const jobs = await technicianUpcomingJobs(
    db,
    scope.technicianId,
    indiaInstant(today, '00:00'),
    indiaInstant(addDays(today, PHONE_DAYS), '00:00'),
  );
  return { today, jobs: jobs.map(jobAnswer) };
}
