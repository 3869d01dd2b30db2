import { daysBetween, isoDayParts } from '@karya/domain/day-text';
import { REPORT_MAX_DAYS, REPORT_MESSAGES } from '@karya/domain/report-schemas';
import { isUuid } from '@karya/domain/user-schemas';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { deskBranchOf, requestScope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { branches } from '../../db/schema';
import { badRequest } from '../../http/errors';

/** What every report reads: India days from..to (both included) of one branch or all. */
export interface ReportRange {
  from: string;
  to: string;
  /** Days from..to, both ends included (1 for a single day). */
  days: number;
  /** The one branch read, or undefined for every branch (an admin who asked none). */
  branchId: string | undefined;
}

/** A calendar day that exists: '2026-02-30' matches the pattern but is no date. */
export function isRealDay(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  try {
    const { year, month, day } = isoDayParts(iso);
    return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === iso;
  } catch {
    return false;
  }
}

/**
 * The branch a report reads (issue 38): an admin every branch or the one asked (?branch=, which
 * must name a branch that exists: a mistyped id is told, not answered with an empty report), a
 * manager their own whatever is asked, a technician 403 (the reports are the desk's; the route's
 * ROLES.desk refuses them first, this refuses them again should a route forget).
 */
export async function reportBranchOf(
  db: Database,
  request: FastifyRequest,
  askedBranch: string | undefined,
): Promise<string | undefined> {
  const scope = requestScope(request, askedBranch);
  const branchId = deskBranchOf(scope);
  // A manager's branch is their own, read from their session: only an admin's asked one is checked.
  if (branchId === undefined || scope.kind !== 'all') return branchId;
  const refuse = () =>
    badRequest(REPORT_MESSAGES.branchNotFound, [
      { field: 'branch', message: REPORT_MESSAGES.branchNotFound },
    ]);
  if (!isUuid(branchId)) throw refuse();
  const [found] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  if (!found) throw refuse();
  return branchId;
}

/**
 * The range and branch of a report over days: both ends real India days, from ≤ to (the
 * query's schema says so too), at most REPORT_MAX_DAYS days, and the branch as reportBranchOf
 * decides. Anything else is a 400 naming the field, before any report is read.
 */
export async function reportRangeOf(
  db: Database,
  request: FastifyRequest,
  query: { from: string; to: string; branch?: string | undefined },
): Promise<ReportRange> {
  for (const field of ['from', 'to'] as const) {
    if (!isRealDay(query[field]))
      throw badRequest(REPORT_MESSAGES.invalidRange, [
        { field, message: REPORT_MESSAGES.invalidRange },
      ]);
  }
  const days = daysBetween(query.from, query.to) + 1;
  if (days < 1)
    throw badRequest(REPORT_MESSAGES.invalidRange, [
      { field: 'from', message: REPORT_MESSAGES.invalidRange },
    ]);
  if (days > REPORT_MAX_DAYS)
    throw badRequest(REPORT_MESSAGES.rangeTooLong, [
      { field: 'to', message: REPORT_MESSAGES.rangeTooLong },
    ]);
  const branchId = await reportBranchOf(db, request, query.branch);
  return { from: query.from, to: query.to, days, branchId };
}

/** A rollup's day as the report's period: 'YYYY-MM-DD', or 'YYYY-MM' grouped by month. */
export function reportPeriod(day: AnyColumn | SQL, groupBy: 'day' | 'month'): SQL<string> {
  return groupBy === 'month'
    ? sql<string>`to_char(${day}::date, 'YYYY-MM')`
    : sql<string>`to_char(${day}::date, 'YYYY-MM-DD')`;
}
