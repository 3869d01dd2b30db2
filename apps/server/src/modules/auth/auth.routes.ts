import { AUTH_MESSAGES, loginSchema } from '@karya/domain/auth-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, MANAGER_STATES } from '../../auth/guard';
import { publicUserSchema, toPublicUser } from '../../auth/public-user';
import { SESSION_COOKIE } from '../../auth/sessions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { envelopeOf, failureSchema, ok } from '../../http/envelope';
import { login, logout } from './auth.service';

export function authRoutes(db: Database, config: Config) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.cookieSecure,
    } as const;

    api.post(
      '/login',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with username and password; sets the session cookie',
          body: loginSchema,
          response: {
            200: envelopeOf(publicUserSchema),
            400: failureSchema,
            401: failureSchema,
            403: failureSchema,
            429: failureSchema,
          },
        },
      },
      async (request, reply) => {
        const result = await login(db, request.body, {
          ip: request.ip,
          sessionDays: config.sessionDays,
        });
        reply.setCookie(SESSION_COOKIE, result.token, {
          ...cookieOptions,
          expires: result.expiresAt,
        });
        return ok(result.user, AUTH_MESSAGES.loggedIn);
      },
    );

    api.post(
      '/logout',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'End the current session',
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (request, reply) => {
        await logout(db, request.cookies[SESSION_COOKIE]);
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
        return ok(null, AUTH_MESSAGES.loggedOut);
      },
    );

    api.get(
      '/me',
      {
        config: { access: 'authenticated', managerStates: MANAGER_STATES.any },
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          response: { 200: envelopeOf(publicUserSchema), 401: failureSchema },
        },
      },
      async (request) => ok(toPublicUser(actorOf(request))),
    );
  };
}
