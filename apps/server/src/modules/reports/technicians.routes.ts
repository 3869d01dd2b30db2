import {
  reportRangeQuery,
  type TechniciansReport,
  techniciansReportSchema,
} from '@karya/domain/report-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '../../auth/guard';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { type ReportTable, sendReportFile } from './report-file';
import { reportRangeOf } from './reports-range';
import { techniciansReport } from './technicians.service';

/**
 * The download's table: the screen's columns, a row per technician. The first-time fix rate
 * is written as a percentage (one decimal), as the screen shows it; empty where no job was
 * completed, as the averages.
 */
export function techniciansTable(report: TechniciansReport): ReportTable {
  return {
    name: 'technicians',
    columns: [
      { header: 'Technician', type: 'text' },
      { header: 'Jobs completed', type: 'number' },
      { header: 'Approved', type: 'number' },
      { header: 'Avg minutes on job', type: 'number' },
      { header: 'Jobs per working day', type: 'number' },
      { header: 'Billed', type: 'money' },
      { header: 'First-time fix %', type: 'number' },
      { header: 'Transfers', type: 'number' },
      { header: 'Rejections', type: 'number' },
    ],
    rows: report.rows.map((row) => [
      row.technician.name,
      row.completed,
      row.approved,
      row.avgMinutesOnJob,
      row.jobsPerWorkingDay,
      row.billed,
      row.firstTimeFixRate === null ? null : Math.round(row.firstTimeFixRate * 1000) / 10,
      row.transfers,
      row.rejections,
    ]),
  };
}

/** Issue 38's technician productivity: admins every branch or ?branch=, managers their own. */
export function techniciansReportRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/reports/technicians',
      {
        config: { access: ROLES.desk },
        schema: {
          tags: ['reports'],
          summary:
            'Per technician over India days ?from= to ?to= (at most 366): jobs completed (sent for approval) and approved, average minutes in progress (pauses excluded), jobs per working day, billed (bills confirmed), first-time fix rate (no complaint on the installation within 30 days), transfers asked for and rejected. Active technicians with nothing in the range are listed with zeros. ?branch= (admin), ?format=csv|xlsx',
          querystring: reportRangeQuery,
          response: answers(techniciansReportSchema),
        },
      },
      async (request, reply) => {
        const range = await reportRangeOf(db, request, request.query);
        const report = await techniciansReport(db, range);
        const { format } = request.query;
        if (format !== 'json')
          return sendReportFile(reply, techniciansTable(report), format, range);
        return ok(report);
      },
    );
  };
}
