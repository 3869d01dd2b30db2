import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { envelopeOf, failureSchema, ok } from '../../http/envelope';
import { publicUserSchema } from './public-user';
import { listUsersByRole } from './users.service';

export function usersRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/get-admins',
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['users'],
          summary: 'List admin users',
          response: {
            200: envelopeOf(z.array(publicUserSchema)),
            401: failureSchema,
            403: failureSchema,
          },
        },
      },
      async () => ok(await listUsersByRole(db, 'admin')),
    );
  };
}
