import { Readable } from 'node:stream';
import {
  EXPORT_KINDS,
  type ExportKind,
  exportFileName,
  exportQuerySchema,
  tallyQuerySchema,
} from '@karya/domain/export-schemas';
import { indiaDate } from '@karya/domain/financial-year';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, ROLES } from '../../auth/guard';
import { deskBranchOf, requestScope } from '../../auth/scope';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { csvStream, xlsxStream, zipStream } from './export-writers';
import { tallyExport, tallyFileName, tallyWindowOf } from './tally.service';

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
} as const;

/** Ends the export's reads when the client goes away before the file is done. */
function abortOnClose(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const stop = () => {
    if (!reply.raw.writableFinished) controller.abort();
  };
  reply.raw.once('close', stop);
  request.raw.once('close', () => {
    if (request.raw.destroyed && !reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Moving out (issue 36): every list's data as a file, and the accountant's Tally file. Admins
 * read every branch or the one asked (?branchId=); managers their own branch whatever they
 * ask, and no purchase price; technicians are refused (ROLES.desk).
 */
export function exportsRoutes(db: Database, clock: Clock) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['exports'];

    api.get(
      '/export',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            "A list's rows as a file, streamed: ?kind= one of the lists with ?format=xlsx|csv, or kind=all as one workbook (a sheet a kind) or a zip of CSVs (?format=xlsx|zip)",
          querystring: exportQuerySchema,
        },
      },
      async (request, reply) => {
        const { kind, format } = request.query;
        const branchId = deskBranchOf(requestScope(request, request.query.branchId));
        const source = {
          db,
          branchId,
          admin: actorOf(request).role === 'admin',
          signal: abortOnClose(request, reply),
        };
        const kinds: readonly ExportKind[] = kind === 'all' ? EXPORT_KINDS : [kind];
        let stream: Readable;
        if (format === 'zip') stream = zipStream(kinds, source);
        else if (format === 'xlsx') stream = xlsxStream(kinds, source);
        else stream = csvStream(kinds[0] ?? 'customers', source);
        const fileName = exportFileName(kind, indiaDate(clock.now()), format);
        return reply
          .type(CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    api.get(
      '/export-tally',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'Invoices, receipts, credit notes and refunds dated ?from= to ?to= (India days, both included, at most 366) as a Tally Prime import file (XML); a manager’s branch only',
          querystring: tallyQuerySchema,
        },
      },
      async (request, reply) => {
        const branchId = deskBranchOf(requestScope(request, request.query.branchId));
        const window = tallyWindowOf(request.query, branchId);
        const xml = Readable.from(tallyExport(db, window, abortOnClose(request, reply)));
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${tallyFileName(window)}"`)
          .header('cache-control', 'no-store')
          .send(xml);
      },
    );
  };
}
