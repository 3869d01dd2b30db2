import { AMC_RENEWAL_WINDOW_DAYS, addDays } from '@karya/domain/amc';
import { dashboardSchema } from '@karya/domain/dashboard-schemas';
import { indiaInstant } from '@karya/domain/schedule';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import { type Clock, systemClock, todayOf } from '../../clock';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { getDashboard } from './dashboard.service';

export function dashboardRoutes(db: Database, clock: Clock = systemClock) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    // Not in the spec's tables: the dashboard screen (spec 1 §2.4) reads everything it shows
    // from this one call, every count computed in SQL.
    api.get(
      '/get-dashboard',
      {
        config: { access: ROLES.desk },
        schema: {
          tags: ['dashboard'],
          summary:
            'Dashboard cards and overview table: admin every branch or ?branch= (Branch Overview); manager their own branch whatever is asked (Technicians Overview)',
          querystring: z.object({ branch: z.string().optional() }),
          response: answers(dashboardSchema),
        },
      },
      async (request) => {
        const today = todayOf(clock);
        const day = {
          today,
          renewalUntil: addDays(today, AMC_RENEWAL_WINDOW_DAYS),
          now: clock.now().toISOString(),
          monthStart: indiaInstant(`${today.slice(0, 7)}-01`, '00:00').toISOString(),
        };
        return ok(
          await getDashboard(
            db,
            actorOf(request),
            requestScope(request, request.query.branch),
            day,
          ),
        );
      },
    );
  };
}
