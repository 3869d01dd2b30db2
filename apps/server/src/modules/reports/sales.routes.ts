import { type SalesReport, salesQuery, salesReportSchema } from '@karya/domain/report-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '../../auth/guard';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { type ReportTable, sendReportFile } from './report-file';
import { reportRangeOf } from './reports-range';
import { salesReport } from './sales.service';

/**
 * The download's table: the screen's columns, a row per period and branch, then the range's
 * totals (a spreadsheet's sum of a column equals them) and what was owed at its end.
 */
export function salesTable(report: SalesReport): ReportTable {
  const { totals } = report;
  return {
    name: 'sales',
    columns: [
      { header: report.groupBy === 'month' ? 'Month' : 'Day', type: 'text' },
      { header: 'Branch', type: 'text' },
      { header: 'Invoiced taxable', type: 'money' },
      { header: 'Invoiced GST', type: 'money' },
      { header: 'Invoiced total', type: 'money' },
      { header: 'Collected cash', type: 'money' },
      { header: 'Collected UPI', type: 'money' },
      { header: 'Collected total', type: 'money' },
    ],
    rows: [
      ...report.rows.map((row) => [
        row.period,
        row.branch.name,
        row.invoiced.taxable,
        row.invoiced.tax,
        row.invoiced.total,
        row.collected.cash,
        row.collected.upi,
        row.collected.total,
      ]),
      [
        'Total',
        null,
        totals.invoiced.taxable,
        totals.invoiced.tax,
        totals.invoiced.total,
        totals.collected.cash,
        totals.collected.upi,
        totals.collected.total,
      ],
      [
        `Outstanding at end of ${report.to}`,
        null,
        null,
        null,
        report.outstandingAtEnd,
        null,
        null,
        null,
      ],
    ],
  };
}

/** Issue 38's sales and collections: admins every branch or ?branch=, managers their own. */
export function salesReportRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/reports/sales',
      {
        config: { access: ROLES.desk },
        schema: {
          tags: ['reports'],
          summary:
            'Invoiced (taxable, GST, total: the GST sales register’s rule) and collected (cash, UPI; refunds out) per India day or month (?groupBy=day|month) and branch over ?from= to ?to= (at most 366 days), their totals, and what customers owed at the end of ?to= (the dues’ rule). ?branch= (admin), ?format=csv|xlsx',
          querystring: salesQuery,
          response: answers(salesReportSchema),
        },
      },
      async (request, reply) => {
        const range = await reportRangeOf(db, request, request.query);
        const report = await salesReport(db, range, request.query.groupBy);
        const { format } = request.query;
        if (format !== 'json') return sendReportFile(reply, salesTable(report), format, range);
        return ok(report);
      },
    );
  };
}
