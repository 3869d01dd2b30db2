import {
  REPORT_MESSAGES,
  reorderLevelInput,
  reorderLevelSchema,
  type StockReport,
  stockQuery,
  stockReportSchema,
} from '@karya/domain/report-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { branchQuery } from '../../http/list-query';
import type { ReportColumn, ReportTable } from './report-file';
import { sendReportFile } from './report-file';
import { reportBranchOf } from './reports-range';
import { reorderLevelsOf, setReorderLevel, stockReport } from './stock.service';

const HOLDER_LABELS = {
  branch: 'Branch stock',
  technician: 'Van',
  faulty: 'Faulty stock',
} as const;

/**
 * The stock report as one table for the download: a line per holder, then the low stock, the
 * slow movers and the long-held serials, each line saying its section. The value column is
 * there only when the answer carries values (an admin's): a manager's file has no purchase
 * value, not even an empty column that says one exists.
 */
export function stockTable(report: StockReport): ReportTable {
  const withCost = report.valueAtCost !== null;
  const columns: ReportColumn[] = [
    { header: 'Section', type: 'text' },
    { header: 'Branch', type: 'text' },
    { header: 'Holder', type: 'text' },
    { header: 'Item ID', type: 'text' },
    { header: 'Item', type: 'text' },
    { header: 'Serial number', type: 'text' },
    { header: 'Quantity', type: 'number' },
    { header: 'Reorder level', type: 'number' },
    { header: 'Last moved', type: 'text' },
    { header: 'Days held', type: 'number' },
    ...(withCost ? [{ header: 'Value at cost', type: 'money' } as const] : []),
  ];
  const line = (cells: (string | number | null)[], value: number | null = null) =>
    withCost ? [...cells, value] : cells;
  const rows = [
    ...report.byHolder.map((h) =>
      line(
        [
          HOLDER_LABELS[h.kind],
          h.branch.name,
          h.holder.name,
          null,
          null,
          null,
          h.quantity,
          null,
          null,
          null,
        ],
        h.valueAtCost,
      ),
    ),
    ...report.lowStock.map((r) =>
      line([
        'Low stock',
        r.branch.name,
        null,
        r.item.itemId,
        r.item.name,
        null,
        r.quantity,
        r.level,
        null,
        null,
      ]),
    ),
    ...report.slowMovers.map((r) =>
      line([
        'Slow mover',
        r.branch.name,
        null,
        r.item.itemId,
        r.item.name,
        null,
        r.quantity,
        null,
        r.lastMovedAt ? r.lastMovedAt.slice(0, 10) : 'Never',
        null,
      ]),
    ),
    ...report.longHeldSerials.map((r) =>
      line([
        'Held by a technician',
        r.branch.name,
        r.technician.name,
        r.item.itemId,
        r.item.name,
        r.serialNumber,
        1,
        null,
        null,
        r.days,
      ]),
    ),
  ];
  if (withCost)
    rows.push(
      line(['Total', null, null, null, null, null, null, null, null, null], report.valueAtCost),
    );
  return { name: 'stock', columns, rows };
}

/**
 * Issue 38's stock report and the reorder levels it reads: admins every branch or ?branch=,
 * managers their own branch, technicians refused by the route (ROLES.desk).
 */
export function stockReportRoutes(db: Database, clock: Clock = systemClock) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['reports'];

    api.get(
      '/reports/stock',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'Stock now: units and value at purchase price (admins only; null for managers) per branch shelf, van and faulty shelf; items below their reorder level; slow movers (no movement in 90 days); serials with a technician over 30 days. ?branch= (admin), ?format=csv|xlsx',
          querystring: stockQuery,
          response: answers(stockReportSchema),
        },
      },
      async (request, reply) => {
        const branchId = await reportBranchOf(db, request, request.query.branch);
        const seesCost = actorOf(request).role === 'admin';
        const report = await stockReport(db, branchId, seesCost, clock.now());
        const { format } = request.query;
        if (format !== 'json') return sendReportFile(reply, stockTable(report), format, null);
        return ok(report);
      },
    );

    api.put(
      '/reorder-levels',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            "An item's reorder level in a branch (0 clears it): admins any branch, managers their own",
          body: reorderLevelInput,
          response: answers(reorderLevelSchema),
        },
      },
      async (request) =>
        ok(
          await setReorderLevel(db, actorOf(request), requestScope(request), request.body),
          REPORT_MESSAGES.levelSaved,
        ),
    );

    api.get(
      '/reorder-levels',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            "The reorder levels set: admins every branch or ?branch=, managers their own branch's",
          querystring: z.object({ branch: branchQuery }),
          response: answers(z.array(reorderLevelSchema)),
        },
      },
      async (request) =>
        ok(await reorderLevelsOf(db, await reportBranchOf(db, request, request.query.branch))),
    );
  };
}
