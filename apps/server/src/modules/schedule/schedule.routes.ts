import {
  leaveAnswerSchema,
  leaveInputSchema,
  myScheduleAnswerSchema,
  putWorkingHoursSchema,
  scheduleAnswerSchema,
  scheduleConflictSchema,
  scheduledJobSchema,
  scheduleMoveAnswerSchema,
  scheduleQuerySchema,
  scheduleWorkOrderSchema,
  unscheduleWorkOrderSchema,
  workingHoursSchema,
} from '@karya/domain/schedule-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { answers, failureSchema, ok } from '../../http/envelope';
import { defaultDurationRoutes } from './default-durations.routes';
import {
  addLeave,
  getSchedule,
  mySchedule,
  putWorkingHours,
  removeLeave,
  scheduleWorkOrder,
  unscheduleWorkOrder,
} from './schedule.service';

/** A move's refusal: the conflicts to confirm, or the job as it now is after a stale move. */
const moveRefusal = failureSchema.extend({
  conflicts: z.array(scheduleConflictSchema).optional(),
  job: scheduledJobSchema.nullable().optional(),
});
const jobAnswer = { ...answers(scheduledJobSchema), 409: moveRefusal };
const moveAnswer = { ...answers(scheduleMoveAnswerSchema), 409: moveRefusal };
const idParams = z.object({ id: z.string().trim().max(100) });

/**
 * A job's time (issue 34): the desk's board reads and moves jobs; technicians have none of
 * these (their phone reads its own orders). Another branch's order or leave answers 404.
 */
export function scheduleRoutes(db: Database, clock: Clock) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['schedule'];
    const access = ROLES.desk;
    await app.register(defaultDurationRoutes(db));

    api.get(
      '/schedule',
      {
        config: { access },
        schema: {
          tags,
          summary:
            "The board of from..to (India days, at most 31): the branch's active technicians with their working hours, leave and each day's utilisation (booked / working minutes), its scheduled jobs, and the unscheduled lane (pending orders and assigned ones without a time, oldest first). A manager's own branch; an admin names ?branch=",
          querystring: scheduleQuerySchema,
          response: answers(scheduleAnswerSchema),
        },
      },
      async (request) => ok(await getSchedule(db, requestScope(request), request.query)),
    );

    api.get(
      '/my-schedule',
      {
        config: { access: ROLES.technicians },
        schema: {
          tags,
          summary:
            "The technician's own booked jobs, today's and the next six days', in time order, with their arrival windows; 'today' is India's",
          response: answers(myScheduleAnswerSchema),
        },
      },
      async (request) => ok(await mySchedule(db, requestScope(request), clock.now())),
    );

    api.post(
      '/schedule-work-order',
      {
        config: { access },
        schema: {
          tags,
          summary:
            'Assigns a pending order and schedules it, or moves an assigned one in time (its own technician only): start, duration in minutes (1–1440), the arrival window told to the customer. 409 with conflicts (another job of the technician, outside working hours, leave) unless override; 409 with the job as it is when version is stale. instructions: for the technician when it assigns, as /api/assign-technician takes them',
          body: scheduleWorkOrderSchema,
          response: moveAnswer,
        },
      },
      async (request) =>
        ok(
          await scheduleWorkOrder(db, actorOf(request), requestScope(request), request.body),
          'Work order scheduled',
        ),
    );

    api.post(
      '/unschedule-work-order',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Takes a job back to the unscheduled lane; an assigned order stays assigned',
          body: unscheduleWorkOrderSchema,
          response: jobAnswer,
        },
      },
      async (request) =>
        ok(
          await unscheduleWorkOrder(db, actorOf(request), requestScope(request), request.body),
          'Work order unscheduled',
        ),
    );

    api.put(
      '/branch-working-hours',
      {
        config: { access },
        schema: {
          tags,
          summary:
            "A branch's working hours per weekday (null: closed); a manager's own branch, an admin names branchId",
          body: putWorkingHoursSchema,
          response: answers(workingHoursSchema),
        },
      },
      async (request) =>
        ok(
          await putWorkingHours(db, actorOf(request), requestScope(request), request.body),
          'Working hours saved',
        ),
    );

    api.post(
      '/technician-leave',
      {
        config: { access },
        schema: {
          tags,
          summary: "A technician's leave: a day or part of one (at most 31 days), with a reason",
          body: leaveInputSchema,
          response: answers(leaveAnswerSchema),
        },
      },
      async (request) =>
        ok(
          await addLeave(db, actorOf(request), requestScope(request), request.body),
          'Leave added',
        ),
    );

    api.delete(
      '/technician-leave/:id',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Removes a leave',
          params: idParams,
          response: answers(leaveAnswerSchema),
        },
      },
      async (request) =>
        ok(
          await removeLeave(db, actorOf(request), requestScope(request), request.params.id),
          'Leave removed',
        ),
    );
  };
}
