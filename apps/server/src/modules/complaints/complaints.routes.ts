import {
  COMPLAINT_MESSAGES,
  complaintSlaSettingsInput,
  complaintSlaSettingsSchema,
  complaintsReportSchema,
} from '@karya/domain/complaint-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { branchQuery } from '../../http/list-query';
import { complaintsReport } from './report.service';
import { getSlaSettings, putSlaSettings } from './settings.service';

/** 'YYYY-MM', a real month: the report's India month. */
const monthField = z
  .string({ error: COMPLAINT_MESSAGES.monthInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, COMPLAINT_MESSAGES.monthInvalid);

/**
 * The complaints' response clock (issue 37): a branch's targets and the month's report. The
 * desk's; technicians have neither.
 */
export function complaintsRoutes(db: Database, clock: Clock = systemClock) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['complaints'];
    const access = ROLES.desk;

    api.get(
      '/complaint-sla-settings',
      {
        config: { access },
        schema: {
          tags,
          summary:
            "A branch's response targets for complaints, in hours by coverage (AMC, warranty, chargeable), counted in working or calendar hours; the defaults (24/48/72, working) until it saves its own. A manager's own branch; an admin names ?branch=",
          querystring: z.object({ branch: z.string().trim().max(100).optional() }),
          response: answers(complaintSlaSettingsSchema),
        },
      },
      async (request) =>
        ok(await getSlaSettings(db, requestScope(request), request.query.branch || undefined)),
    );

    api.put(
      '/complaint-sla-settings',
      {
        config: { access },
        schema: {
          tags,
          summary:
            "Sets a branch's response targets (whole hours 1–720 each) for complaints opened from now; running clocks keep their due time. A manager's own branch; an admin names branchId",
          body: complaintSlaSettingsInput,
          response: answers(complaintSlaSettingsSchema),
        },
      },
      async (request) =>
        ok(
          await putSlaSettings(db, actorOf(request), requestScope(request), request.body),
          COMPLAINT_MESSAGES.settingsSaved,
        ),
    );

    api.get(
      '/complaints-report',
      {
        config: { access },
        schema: {
          tags,
          summary:
            "The complaints opened in an India month (YYYY-MM) per branch and in total: count, met, breached, open, median minutes to the first start, repeats on the same unit within 30 days. An admin's branches or ?branch=; a manager's own",
          querystring: z.object({ month: monthField, branch: branchQuery }),
          response: answers(complaintsReportSchema),
        },
      },
      async (request) =>
        ok(
          await complaintsReport(
            db,
            requestScope(request, request.query.branch),
            request.query.month,
            clock.now(),
          ),
        ),
    );
  };
}
