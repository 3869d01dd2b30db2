import { SERVICE_REPORT_MESSAGES as M, serviceReportSchema } from '@karya/domain/service-report';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { type PayeeDefaults, serviceReportFor } from './service-report.service';

const orderIdField = z.string({ error: M.invalidProject }).trim().min(1, M.invalidProject);

/** The service report (issue 22): everything the job's PDF prints, for whoever sees the order. */
export function serviceReportRoutes(db: Database, defaults: PayeeDefaults) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/service-report',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags: ['service report'],
          summary:
            "Everything the job's service report prints: customer, site, technician, times, checklist answers, units with warranty, photos, signature, invoice numbers (its technician, the branch's managers, admins)",
          querystring: z.object({ orderId: orderIdField }),
          response: answers(serviceReportSchema),
        },
      },
      async (request) =>
        ok(await serviceReportFor(db, requestScope(request), request.query.orderId, defaults)),
    );
  };
}
