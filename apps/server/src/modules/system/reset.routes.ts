import {
  resetResultSchema,
  resetStatusSchema,
  resetSuccessMessage,
  resetSystemSchema,
} from '@karya/domain/system-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, ROLES } from '../../auth/guard';
import { SESSION_COOKIE } from '../../auth/sessions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { answers, failureSchema, ok } from '../../http/envelope';
import { resetStatus, resetSystem } from './reset.service';

export function resetRoutes(db: Database, config: Config) {
  const settings = {
    resetPassword: config.resetPassword,
    adminUsername: config.adminUsername,
    dataDir: config.dataDir,
    backupKeep: config.backupKeep,
  };
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['system'];

    // Not in the spec's table: the page says so when this server has no reset password.
    api.get(
      '/reset-system-status',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'Whether the system reset is enabled (RESET_PASSWORD is set on the server)',
          response: answers(resetStatusSchema),
        },
      },
      async () => ok(resetStatus(settings)),
    );

    api.post(
      '/reset-system',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary:
            'Delete the business profile, every branch, user but the default admin, contact, work order, bill, stock record, warranty record, maintenance contract, checklist and message template, after writing a backup under DATA_DIR/backups (the newest BACKUP_KEEP are kept); ends every session. Admin only; password = RESET_PASSWORD; 409 while another reset runs',
          body: resetSystemSchema,
          response: { ...answers(resetResultSchema), 429: failureSchema, 500: failureSchema },
        },
      },
      async (request, reply) => {
        const result = await resetSystem(db, settings, {
          actor: actorOf(request),
          ip: request.ip,
          password: request.body.password,
          logError: (error) => request.log.error({ err: error }, 'system reset failed'),
        });
        // Every session ended with the reset, this one too.
        reply.clearCookie(SESSION_COOKIE, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: config.cookieSecure,
        });
        return ok(result, resetSuccessMessage(result.backup.file));
      },
    );
  };
}
