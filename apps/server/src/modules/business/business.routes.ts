import {
  businessProfileInputSchema,
  businessProfileSchema,
  gstRatesAnswerSchema,
  INVOICE_MESSAGES,
} from '@karya/domain/invoice-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, ROLES } from '../../auth/guard';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { getBusinessProfile, listGstRates, saveBusinessProfile } from './business.service';

export function businessRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['business'];

    api.get(
      '/business-profile',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            'The business printed on invoices: legal and trade name, logo, address, phone, email, GST-registered; empty and updatedAt null until an admin saves it',
          response: answers(businessProfileSchema),
        },
      },
      async () => ok(await getBusinessProfile(db)),
    );

    api.put(
      '/business-profile',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary:
            'Save the business profile (admins); the logo is a PNG, JPEG or WebP data: URL of at most 200 KB, null removes it',
          body: businessProfileInputSchema,
          response: answers(businessProfileSchema),
        },
      },
      async (request) =>
        ok(
          await saveBusinessProfile(db, actorOf(request), request.body),
          INVOICE_MESSAGES.profileSaved,
        ),
    );

    api.get(
      '/gst-rates',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary: 'The GST rates an item may carry now, lowest first (percent)',
          response: answers(gstRatesAnswerSchema),
        },
      },
      async () => ok({ rates: await listGstRates(db) }),
    );
  };
}
