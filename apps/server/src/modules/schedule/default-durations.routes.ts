import {
  DURATION_MESSAGES,
  defaultDurationsAnswerSchema,
  type PutDefaultDurationsInput,
  putDefaultDurationsSchema,
} from '@karya/domain/schedule-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, ROLES } from '../../auth/guard';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { putDefaultDurations, readDefaultDurations } from './default-durations.service';

/**
 * Default job durations (issue 34): the desk reads them (the board books a card from the lane
 * for them, the Assign Technician dialog fills its duration), only admins set them.
 */
export function defaultDurationRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['schedule'];

    api.get(
      '/schedule-default-durations',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'The minutes a job is booked for by default, for every project type × category; isFallback where no admin has set the pair (Repair and Maintenance an hour, the rest two)',
          response: answers(defaultDurationsAnswerSchema),
        },
      },
      async () => ok({ durations: await readDefaultDurations(db) }),
    );

    api.put(
      '/schedule-default-durations',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary:
            'Sets default minutes (whole, 5–1440) for the rows given, the whole table or part of it; a bad row is refused by its number and nothing changes',
          body: putDefaultDurationsSchema,
          response: answers(defaultDurationsAnswerSchema),
        },
      },
      async (request) =>
        ok(
          {
            durations: await putDefaultDurations(
              db,
              actorOf(request),
              // The schema's refinement checked every row's type, category and minutes.
              request.body as PutDefaultDurationsInput,
            ),
          },
          DURATION_MESSAGES.saved,
        ),
    );
  };
}
