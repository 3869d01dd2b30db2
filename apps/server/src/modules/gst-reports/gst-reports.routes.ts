import {
  hsnSummaryAnswerSchema,
  reportRangeSchema,
  salesRegisterAnswerSchema,
} from '@karya/domain/invoice-schemas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { hsnSummary } from './hsn-summary.service';
import { hsnSummaryCsv, reportFileName, salesRegisterCsv } from './report-csv';
import { reportFilterOf } from './report-range';
import { salesRegister } from './sales-register.service';

/** A CSV the browser saves under its name rather than shows. */
function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);
}

/**
 * The accountant's reports (issue 19): admins every branch or one (?branchId=), managers
 * their own branch (ROLES.desk). ?format=csv answers the file instead of the envelope.
 */
export function gstReportsRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['gst reports'];

    api.get(
      '/gst-sales-register',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'One row per invoice dated ?from= to ?to= (India days, inclusive, at most 366), cancelled ones listed but not totalled; ?format=csv for the file in GSTR-1 column order',
          querystring: reportRangeSchema,
          response: answers(salesRegisterAnswerSchema),
        },
      },
      async (request, reply) => {
        const filter = reportFilterOf(requestScope(request, request.query.branchId), request.query);
        const register = await salesRegister(db, filter);
        if (request.query.format === 'csv')
          return sendCsv(
            reply,
            reportFileName('gst-sales-register', filter),
            salesRegisterCsv(register),
          );
        return ok(register);
      },
    );

    api.get(
      '/gst-hsn-summary',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'The lines of uncancelled invoices dated ?from= to ?to= summed by HSN/SAC, rate and unit; ?format=csv for GSTR-1’s HSN sheet',
          querystring: reportRangeSchema,
          response: answers(hsnSummaryAnswerSchema),
        },
      },
      async (request, reply) => {
        const filter = reportFilterOf(requestScope(request, request.query.branchId), request.query);
        const summary = await hsnSummary(db, filter);
        if (request.query.format === 'csv')
          return sendCsv(reply, reportFileName('gst-hsn-summary', filter), hsnSummaryCsv(summary));
        return ok(summary);
      },
    );
  };
}
