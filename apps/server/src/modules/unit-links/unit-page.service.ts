import { COMPLAINT_MESSAGES as M, type UnitPage } from '@karya/domain/complaint-schemas';
import { indiaDate } from '@karya/domain/financial-year';
import { warrantyState } from '@karya/domain/warranty';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { findBranchContact } from '../branches';
import { getBusinessProfile } from '../business';
import { coverageOf } from '../complaints';
import { installedUnitOf, isTokenShaped } from './linked-unit';
import { amcOfUnit, findLinkOfToken, findOpenComplaint, lastVisitsOf } from './unit-links.queries';

/** How many of the unit's orders the page lists. */
const LAST_VISITS = 5;

/**
 * The installed unit of a sticker's token. An unknown or malformed token, and a unit not (or
 * no longer) at a customer, answer the same 404, so the page tells a guesser nothing.
 */
export async function linkedUnitOfToken(db: Database, token: string) {
  if (!isTokenShaped(token)) throw notFound(M.unitNotFound);
  const link = await findLinkOfToken(db, token);
  const linked = link ? await installedUnitOf(db, link.serialNumber) : null;
  if (!linked) throw notFound(M.unitNotFound);
  return linked;
}

/**
 * GET /api/unit/:token: what anyone holding the sticker sees. Deliberately unscoped: the token
 * is the key to this one unit. The answer names the unit, its cover and the shop, never the
 * customer, their phone, a remark or a member of staff.
 */
export async function unitPageByToken(
  db: Database,
  clock: Clock,
  token: string,
): Promise<UnitPage> {
  const { unit, serials, installation } = await linkedUnitOfToken(db, token);
  const now = clock.now();
  const [business, branch, amc, covered, visits, open] = await Promise.all([
    getBusinessProfile(db),
    findBranchContact(db, installation.branchId),
    amcOfUnit(db, {
      customerId: unit.customerId,
      installationId: installation.id,
      serials,
      today: indiaDate(now),
    }),
    coverageOf(db, {
      customerId: unit.customerId,
      installationId: installation.id,
      serialNumber: unit.serialNumber,
      at: now,
    }),
    lastVisitsOf(db, installation, LAST_VISITS),
    findOpenComplaint(db, installation, serials),
  ]);
  const warranty = warrantyState(unit.installedAt, unit.warranty, now);
  const phone = branch?.phone ?? '';
  return {
    serialNumber: unit.serialNumber,
    productName: unit.productName,
    installationDate: unit.installedAt?.toISOString() ?? null,
    warranty: { until: warranty.expiryDate?.toISOString() ?? null, active: warranty.underWarranty },
    amc,
    coverage: covered.coverage,
    lastVisits: visits.map((visit) => ({
      orderId: visit.orderId,
      projectCategory: visit.projectCategory,
      status: visit.status,
      at: visit.at.toISOString(),
    })),
    business: { name: business.tradeName || business.legalName, logo: business.logo },
    // The branch's number is the one its customers call and message: no WhatsApp of its own.
    branch: { name: branch?.name ?? installation.branchName, phone, whatsapp: phone },
    language: installation.customerLanguage,
    openComplaint: open ? { orderId: open.orderId, openedAt: open.createdAt.toISOString() } : null,
  };
}
