import { randomBytes } from 'node:crypto';
import {
  COMPLAINT_MESSAGES as M,
  type UnitLabelLayout,
  type UnitLink,
  unitLinkPath,
} from '@karya/domain/complaint-schemas';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import type { Scope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { findBranchContact } from '../branches';
import { getBusinessProfile } from '../business';
import { branchOfUnit, firstSerialOfChain, type UnitRow, visibleUnit } from '../warranty';
import { type UnitLabel, unitLabelsPdf } from './unit-labels-pdf';
import { findLinkOfSerial, saveLink } from './unit-links.queries';

/** 128 random bits as 22 URL-safe characters (UNIT_LINK_TOKEN): unguessable, a small QR code. */
const newToken = () => randomBytes(16).toString('base64url');

/**
 * A unit the desk may print a sticker for: an admin's any, a manager's own branch's (in stock,
 * with a technician or at a customer). Another branch's unit reads as unknown, as the warranty
 * pages answer it; a technician prints none (the route admits the desk only).
 */
async function printableUnit(db: Database, scope: Scope, serial: string, notFoundMessage: string) {
  if (scope.kind === 'own') throw forbidden('You do not have permission to do this');
  try {
    return await visibleUnit(db, scope, serial);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(notFoundMessage);
    throw error;
  }
}

/**
 * The link of a unit, made on first ask and the same after. It is keyed by the first serial
 * of the unit's warranty chain, so a replacement's serial answers the sticker already on the
 * wall. Two first asks at once both try to save; the unique index keeps one, and both answer it.
 */
async function linkOfUnit(db: Database, actor: Actor, unit: UnitRow): Promise<UnitLink> {
  const firstSerial = await firstSerialOfChain(db, unit.serialNumber);
  const existing = await findLinkOfSerial(db, firstSerial);
  if (existing) return answerOf(existing);
  await db.transaction(async (tx) => {
    const id = await saveLink(tx, {
      token: newToken(),
      serialNumber: firstSerial,
      createdBy: actor.id,
    });
    if (!id) return;
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'unit-link.create',
      entityType: 'unit-link',
      entityId: id,
      summary: `QR sticker link made for ${firstSerial}`,
      changes: { serialNumber: firstSerial, askedFor: unit.serialNumber },
    });
  });
  const kept = await findLinkOfSerial(db, firstSerial);
  if (!kept) throw new Error(`unit link of ${firstSerial} not saved`);
  return answerOf(kept);
}

const answerOf = (link: { token: string; serialNumber: string }): UnitLink => ({
  serialNumber: link.serialNumber,
  token: link.token,
  url: unitLinkPath(link.token),
});

/** POST /api/unit-link: the sticker's link of a unit the caller may see. */
export async function unitLinkOf(
  db: Database,
  actor: Actor,
  scope: Scope,
  serial: string,
): Promise<UnitLink> {
  const unit = await printableUnit(db, scope, serial, M.serialNotFound);
  return linkOfUnit(db, actor, unit);
}

/**
 * GET /api/unit-labels: the stickers of the units as a PDF. Every serial is checked before
 * any link is made, so a refused sheet (one serial unknown or another branch's: a 404 naming
 * it) changes nothing. `origin` is where the links open: PUBLIC_URL, else the request's own.
 */
export async function unitLabelsOf(
  db: Database,
  actor: Actor,
  scope: Scope,
  request: { serials: readonly string[]; layout: UnitLabelLayout; origin: string },
): Promise<Buffer> {
  const units: UnitRow[] = [];
  for (const serial of request.serials) {
    units.push(await printableUnit(db, scope, serial, `${M.serialNotFound}: ${serial}`));
  }
  const business = await getBusinessProfile(db);
  const businessName = business.tradeName || business.legalName;
  const phones = new Map<string, string>();
  const labels: UnitLabel[] = [];
  for (const unit of units) {
    const link = await linkOfUnit(db, actor, unit);
    const branchId = branchOfUnit(unit);
    if (branchId && !phones.has(branchId)) {
      phones.set(branchId, (await findBranchContact(db, branchId))?.phone ?? '');
    }
    labels.push({
      // A business that has not filled in its profile is known by its branch's name, as the
      // unit's page names it.
      businessName: businessName || unit.branchName || '',
      branchPhone: (branchId && phones.get(branchId)) || '',
      productName: unit.productName,
      serialNumber: unit.serialNumber,
      link: `${request.origin}${link.url}`,
    });
  }
  return unitLabelsPdf(labels, request.layout);
}
