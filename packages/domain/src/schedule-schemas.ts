import { z } from 'zod';
import { workOrderSlaSchema } from './complaint-schemas';
import { PROJECT_TYPES } from './contact-schemas';
import { isoDateField, jsonInt } from './input';
import { MAX_DEFAULT_MINUTES, MIN_DEFAULT_MINUTES } from './job-durations';
import { PROJECT_CATEGORIES, PROJECT_CATEGORY_LABELS } from './project-categories';
import {
  MAX_JOB_MINUTES,
  minutesOfClock,
  SCHEDULE_MAX_DAYS,
  WEEKDAYS,
  type WorkingHours,
} from './schedule';
import { isUuid } from './user-schemas';

/**
 * The schedule API (issue 34): what the board and the desk send and read. Instants are ISO
 * date-times; days are India days 'YYYY-MM-DD'; clock times 'HH:MM' India time.
 */

export const SCHEDULE_MESSAGES = {
  orderNotFound: 'Work order not found',
  orderRequired: 'Please choose a work order',
  weekdayRequired: 'Give each weekday its opening and closing time, or null when closed',
  technicianNotFound: 'Technician not found in this branch',
  selectTechnician: 'Please select a technician',
  leaveNotFound: 'Leave not found',
  branchRequired: 'Please select a branch',
  invalidStart: 'Please enter a valid start date and time',
  invalidDuration: `Duration must be 1 to ${MAX_JOB_MINUTES} minutes`,
  invalidClock: 'Please enter a time as HH:MM',
  windowOrder: 'The arrival window must end after it starts',
  hoursOrder: 'Closing time must be after opening time',
  invalidDay: 'Please enter a valid date',
  rangeOrder: "'To' must not be before 'From'",
  rangeTooLong: `The schedule shows at most ${SCHEDULE_MAX_DAYS} days at a time`,
  leaveOrder: 'Leave must end after it starts',
  leaveTooLong: 'Leave can be at most 31 days at a time',
  notSchedulable: (status: string) =>
    `Only a pending or assigned order can be scheduled; this one is ${status}`,
  otherTechnician: (orderId: string, name: string) =>
    `${orderId} is assigned to ${name}: it can be moved in time, not to another technician`,
  conflicts: 'This time clashes with the technician’s day. Schedule anyway?',
  staleVersion: (orderId: string) =>
    `${orderId} was moved by someone else meanwhile; the board now shows where it is`,
  notScheduled: (orderId: string) => `${orderId} is not scheduled`,
} as const;

const M = SCHEDULE_MESSAGES;

const uuidField = (message: string) => z.string({ error: message }).trim().refine(isUuid, message);

export const clockField = z
  .string({ error: M.invalidClock })
  .refine((clock) => minutesOfClock(clock) !== null, M.invalidClock);

const laterThan = (from: string, to: string) =>
  (minutesOfClock(to) ?? 0) > (minutesOfClock(from) ?? 0);

export const dayHoursSchema = z
  .object({ open: clockField, close: clockField }, { error: M.weekdayRequired })
  .refine((day) => laterThan(day.open, day.close), { message: M.hoursOrder, path: ['close'] });

export const workingHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema.nullable()])) as Record<
    (typeof WEEKDAYS)[number],
    z.ZodNullable<typeof dayHoursSchema>
  >,
) satisfies z.ZodType<WorkingHours>;

/** PUT /api/branch-working-hours: a manager's own branch, or the branch an admin names. */
export const putWorkingHoursSchema = z.object({
  branchId: uuidField(M.branchRequired).optional(),
  hours: workingHoursSchema,
});
export type PutWorkingHoursInput = z.infer<typeof putWorkingHoursSchema>;

const instantField = (message: string) =>
  isoDateField(message).refine((text) => text.includes('T') || text.includes(' '), message);

/** POST /api/technician-leave: a day or a part of one, with a reason. */
export const leaveInputSchema = z
  .object({
    technicianId: uuidField(M.selectTechnician),
    start: instantField(M.invalidStart),
    end: instantField(M.invalidStart),
    reason: z.string().trim().max(200).default(''),
  })
  .refine((leave) => Date.parse(leave.end) > Date.parse(leave.start), {
    message: M.leaveOrder,
    path: ['end'],
  })
  .refine((leave) => Date.parse(leave.end) - Date.parse(leave.start) <= 31 * 24 * 60 * 60 * 1000, {
    message: M.leaveTooLong,
    path: ['end'],
  });
export type LeaveInput = z.infer<typeof leaveInputSchema>;

export const arrivalWindowSchema = z
  .object({ start: clockField, end: clockField })
  .refine((window) => laterThan(window.start, window.end), {
    message: M.windowOrder,
    path: ['end'],
  });

/** POST /api/schedule-work-order: assigns a pending order and schedules it in one move. */
export const scheduleWorkOrderSchema = z.object({
  orderId: z.string({ error: M.orderRequired }).trim().min(1, M.orderRequired).max(100),
  technicianId: uuidField(M.selectTechnician),
  start: instantField(M.invalidStart),
  durationMinutes: jsonInt({ min: 1, max: MAX_JOB_MINUTES, message: M.invalidDuration }),
  window: arrivalWindowSchema.optional(),
  override: z.boolean().optional(),
  /** The job's version the board moved; a stale one is refused (409). */
  version: jsonInt({ min: 0, max: 2_000_000_000 }).optional(),
  /**
   * 'Instructions for Technician' of the Assign Technician dialog, kept as
   * /api/assign-technician keeps them; only read when this assigns a pending order.
   */
  instructions: z.string().optional(),
});
export type ScheduleWorkOrderInput = z.infer<typeof scheduleWorkOrderSchema>;

export const unscheduleWorkOrderSchema = z.object({
  orderId: z.string({ error: M.orderRequired }).trim().min(1, M.orderRequired).max(100),
  version: jsonInt({ min: 0, max: 2_000_000_000 }).optional(),
});
export type UnscheduleWorkOrderInput = z.infer<typeof unscheduleWorkOrderSchema>;

const dayField = isoDateField(M.invalidDay).refine((text) => text.length === 10, M.invalidDay);

/** GET /api/schedule?from=&to=[&branch=]: at most SCHEDULE_MAX_DAYS India days. */
export const scheduleQuerySchema = z
  .object({ from: dayField, to: dayField, branch: z.string().optional() })
  .refine((query) => query.to >= query.from, { message: M.rangeOrder, path: ['to'] })
  .refine(
    (query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < SCHEDULE_MAX_DAYS,
    { message: M.rangeTooLong, path: ['to'] },
  );
export type ScheduleQuery = z.infer<typeof scheduleQuerySchema>;

export const scheduleConflictSchema = z.object({
  kind: z.enum(['overlap', 'outside-working-hours', 'on-leave']),
  message: z.string(),
  orderId: z.string().optional(),
  leaveId: z.string().optional(),
  day: z.string().optional(),
  start: z.string().optional(),
  end: z.string().optional(),
});

const windowAnswer = z.object({ start: z.string(), end: z.string() }).nullable();

export const scheduledJobSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  technicianId: z.string().nullable(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  window: windowAnswer,
  status: z.string(),
  customerName: z.string(),
  projectType: z.string(),
  projectCategory: z.string(),
  version: z.number(),
  createdAt: z.string(),
  /** When work first started: the board marks a start after the window late. */
  startedAt: z.string().nullable(),
  /** An AMC visit's order: the day the visit is due, 'YYYY-MM-DD'. */
  amcDueDate: z.string().nullable(),
  /** A complaint's response clock (issue 37): the board shows its due time and colour. */
  sla: workOrderSlaSchema.nullable(),
});
export type ScheduledJobAnswer = z.infer<typeof scheduledJobSchema>;

/**
 * POST /api/schedule-work-order's answer: the job as booked, and, when the move changed a
 * booked visit's time, the start it had and whether the customer had been told of it (the
 * board then offers the 'Visit rescheduled' update).
 */
export const scheduleMoveAnswerSchema = scheduledJobSchema.extend({
  rescheduledFrom: z.string().nullable(),
  customerTold: z.boolean(),
  /** The 'Visit rescheduled' update is queued to go by WhatsApp by itself (issue 40). */
  sentAutomatically: z.boolean(),
});
export type ScheduleMoveAnswer = z.infer<typeof scheduleMoveAnswerSchema>;

export const defaultDurationSchema = z.object({
  projectType: z.enum(PROJECT_TYPES),
  projectCategory: z.enum(PROJECT_CATEGORIES),
  minutes: z.number(),
  isFallback: z.boolean(),
});

/** GET /api/schedule-default-durations: every project type × category pair. */
export const defaultDurationsAnswerSchema = z.object({
  durations: z.array(defaultDurationSchema),
});
export type DefaultDurationsAnswer = z.infer<typeof defaultDurationsAnswerSchema>;

export const DURATION_MESSAGES = {
  listRequired: 'Send durations: a list of { projectType, projectCategory, minutes }',
  tooMany: 'Each project type and category can be set once',
  rowUnknownType: (row: number, type: string) =>
    `Row ${row}: '${type}' is not a project type (${PROJECT_TYPES.join(', ')})`,
  rowUnknownCategory: (row: number, category: string) =>
    `Row ${row}: '${category}' is not a category (${PROJECT_CATEGORIES.join(', ')})`,
  rowMinutes: (row: number, type: string, category: string) =>
    `Row ${row} (${type}, ${PROJECT_CATEGORY_LABELS[category as keyof typeof PROJECT_CATEGORY_LABELS] ?? category}): minutes must be a whole number from ${MIN_DEFAULT_MINUTES} to ${MAX_DEFAULT_MINUTES}`,
  rowTwice: (row: number, type: string, category: string) =>
    `Row ${row} (${type}, ${PROJECT_CATEGORY_LABELS[category as keyof typeof PROJECT_CATEGORY_LABELS] ?? category}) is set twice`,
  saved: 'Job durations saved',
} as const;

const durationRowSchema = z.object({
  projectType: z.unknown(),
  projectCategory: z.unknown(),
  minutes: z.unknown(),
});

const isProjectType = (value: unknown): value is (typeof PROJECT_TYPES)[number] =>
  (PROJECT_TYPES as readonly unknown[]).includes(value);
const isProjectCategory = (value: unknown): value is (typeof PROJECT_CATEGORIES)[number] =>
  (PROJECT_CATEGORIES as readonly unknown[]).includes(value);

/**
 * PUT /api/schedule-default-durations (admins): the rows to set, the whole table or some of
 * it. Every row is checked here, each refusal naming its row (1-based, as a person counts),
 * so a bad row changes nothing.
 */
export const putDefaultDurationsSchema = z
  .object({
    durations: z
      .array(durationRowSchema, { error: DURATION_MESSAGES.listRequired })
      .min(1, DURATION_MESSAGES.listRequired)
      .max(PROJECT_TYPES.length * PROJECT_CATEGORIES.length, DURATION_MESSAGES.tooMany),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.durations.forEach((row, index) => {
      const n = index + 1;
      const path = ['durations', index];
      if (!isProjectType(row.projectType)) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'projectType'],
          message: DURATION_MESSAGES.rowUnknownType(n, String(row.projectType ?? '')),
        });
        return;
      }
      if (!isProjectCategory(row.projectCategory)) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'projectCategory'],
          message: DURATION_MESSAGES.rowUnknownCategory(n, String(row.projectCategory ?? '')),
        });
        return;
      }
      const minutes = row.minutes;
      if (
        typeof minutes !== 'number' ||
        !Number.isInteger(minutes) ||
        minutes < MIN_DEFAULT_MINUTES ||
        minutes > MAX_DEFAULT_MINUTES
      ) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'minutes'],
          message: DURATION_MESSAGES.rowMinutes(n, row.projectType, row.projectCategory),
        });
        return;
      }
      const key = `${row.projectType}|${row.projectCategory}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path,
          message: DURATION_MESSAGES.rowTwice(n, row.projectType, row.projectCategory),
        });
      seen.add(key);
    });
  });
/** What the rows are once the schema passed them. */
export interface PutDefaultDurationsInput {
  durations: {
    projectType: (typeof PROJECT_TYPES)[number];
    projectCategory: (typeof PROJECT_CATEGORIES)[number];
    minutes: number;
  }[];
}

export const scheduleAnswerSchema = z.object({
  branchId: z.string(),
  from: z.string(),
  to: z.string(),
  workingHours: workingHoursSchema,
  technicians: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      workingHours: workingHoursSchema,
      leave: z.array(
        z.object({ _id: z.string(), start: z.string(), end: z.string(), reason: z.string() }),
      ),
      utilisation: z.array(
        z.object({ date: z.string(), bookedMinutes: z.number(), workingMinutes: z.number() }),
      ),
    }),
  ),
  jobs: z.array(scheduledJobSchema),
  unscheduled: z.array(scheduledJobSchema),
  /** Beside the contract: the minutes a card from the lane is booked for, per type and category. */
  defaultDurations: z.array(defaultDurationSchema).optional(),
});
export type ScheduleAnswer = z.infer<typeof scheduleAnswerSchema>;

export const leaveAnswerSchema = z.object({
  _id: z.string(),
  technicianId: z.string(),
  start: z.string(),
  end: z.string(),
  reason: z.string(),
});

/** GET /api/my-schedule: the technician's booked jobs from today for a week, by start. */
export const myScheduleAnswerSchema = z.object({
  /** Today in India, 'YYYY-MM-DD': the phone groups 'Today' and the next days by it. */
  today: z.string(),
  jobs: z.array(scheduledJobSchema),
});
export type MyScheduleAnswer = z.infer<typeof myScheduleAnswerSchema>;
