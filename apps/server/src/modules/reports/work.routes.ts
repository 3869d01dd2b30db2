import {
  BACKLOG_BUCKET_LABELS,
  type WorkReport,
  workQuery,
  workReportSchema,
} from '@karya/domain/report-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '../../auth/guard';
import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { type ReportCell, type ReportTable, sendReportFile } from './report-file';
import { reportRangeOf } from './reports-range';
import { workReport } from './work.service';

/**
 * The download's table: a line per day, project type and category, the totals, then a line
 * per backlog bucket, each line saying its section (as the stock report's file does).
 */
export function workTable(report: WorkReport): ReportTable {
  const rows: ReportCell[][] = [
    ...report.rows.map((row) => [
      report.groupBy === 'month' ? 'Month' : 'Day',
      row.day,
      row.projectType,
      row.projectCategory,
      row.opened,
      row.completed,
      null,
    ]),
    ['Total', null, null, null, report.totals.opened, report.totals.completed, null],
    ...report.backlog.map((line) => [
      'Backlog',
      BACKLOG_BUCKET_LABELS[line.bucket],
      null,
      null,
      null,
      null,
      line.count,
    ]),
  ];
  return {
    name: 'work',
    columns: [
      { header: 'Section', type: 'text' },
      { header: report.groupBy === 'month' ? 'Month' : 'Day', type: 'text' },
      { header: 'Project type', type: 'text' },
      { header: 'Category', type: 'text' },
      { header: 'Opened', type: 'number' },
      { header: 'Completed', type: 'number' },
      { header: 'Pending', type: 'number' },
    ],
    rows,
  };
}

/** Issue 38's work report: admins every branch or ?branch=, managers their own. */
export function workReportRoutes(db: Database, clock: Clock = systemClock) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/reports/work',
      {
        config: { access: ROLES.desk },
        schema: {
          tags: ['reports'],
          summary:
            'Orders opened and approved per India day or month (?groupBy=day|month), project type and category over ?from= to ?to= (at most 366), their totals, and the pending orders now by age (0–2, 3–7, 8–30, over 30 India days since opened). ?branch= (admin), ?format=csv|xlsx',
          querystring: workQuery,
          response: answers(workReportSchema),
        },
      },
      async (request, reply) => {
        const range = await reportRangeOf(db, request, request.query);
        const report = await workReport(db, range, request.query.groupBy, clock.now());
        const { format } = request.query;
        if (format !== 'json') return sendReportFile(reply, workTable(report), format, range);
        return ok(report);
      },
    );
  };
}
