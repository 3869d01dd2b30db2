import { createLeadSchema, normalizePhone } from '@karya/domain/contact-schemas';
import {
  type ConvertDemoRequestInput,
  DEMO_REQUEST_MESSAGES,
  type DemoRequest,
  type DemoRequestInput,
  type DemoRequestStatus,
  LANDING_LANGUAGES,
  type LandingLanguage,
} from '@karya/domain/system-schemas';
import { USER_MESSAGES } from '@karya/domain/user-schemas';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import type { Scope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { createLeadInBranch } from '../contacts';
import {
  branchExists,
  type DemoRequestRow,
  findDemoRequestRow,
  findRecentRequest,
  insertDemoRequest,
  listDemoRequestRows,
  lockDemoRequest,
  lockPhone,
  markDemoRequestContacted,
  markDemoRequestConverted,
  mergeDemoRequest,
} from './demo-requests.queries';
import { assertUnderLimit, recordAttempt, type ThrottleRule } from './request-throttle';

/** Demo requests per address per hour, bots and people alike; an office shares one address. */
export const DEMO_REQUEST_RULE: ThrottleRule = {
  bucket: 'demo-request',
  windowMs: 60 * 60 * 1000,
  max: 10,
  message: () => DEMO_REQUEST_MESSAGES.tooMany,
};

/** A number asking again within this long of its last request is merged into it. */
export const MERGE_WINDOW_MS = 24 * 60 * 60 * 1000;

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
const languageOf = (value: string): LandingLanguage =>
  (LANDING_LANGUAGES as readonly string[]).includes(value) ? (value as LandingLanguage) : 'hi-Latn';

function toDemoRequest(row: DemoRequestRow): DemoRequest {
  return {
    _id: row.id,
    phoneNumber: row.phoneNumber,
    name: row.name,
    city: row.city,
    language: languageOf(row.language),
    status: row.status,
    requestCount: row.requestCount,
    createdAt: iso(row.createdAt),
    lastRequestedAt: iso(row.lastRequestedAt),
    contactedAt: isoOrNull(row.contactedAt),
    contactedBy: row.contactedById
      ? {
          _id: row.contactedById,
          firstName: row.contactedByFirstName ?? '',
          lastName: row.contactedByLastName ?? '',
        }
      : null,
    convertedAt: isoOrNull(row.convertedAt),
    lead:
      row.leadId && row.leadBranchId
        ? {
            _id: row.leadId,
            name: row.leadName ?? '',
            branch: { _id: row.leadBranchId, name: row.leadBranchName ?? '' },
          }
        : null,
  };
}

async function getDemoRequest(db: Database, id: string): Promise<DemoRequest> {
  const row = await findDemoRequestRow(db, id);
  if (!row) throw notFound(DEMO_REQUEST_MESSAGES.notFound);
  return toDemoRequest(row);
}

/**
 * A visitor's demo booking (public). Every attempt counts against the address's limit; a
 * filled honeypot is a bot, answered like a person so it learns nothing, and nothing is kept.
 */
export async function submitDemoRequest(
  db: Database,
  input: DemoRequestInput,
  ip: string,
): Promise<void> {
  const keys = [`ip:${ip}`];
  await assertUnderLimit(db, DEMO_REQUEST_RULE, keys);
  await recordAttempt(db, DEMO_REQUEST_RULE, keys);
  if (input.website?.trim()) return;

  const phone = normalizePhone(input.phone);
  const values = {
    name: input.name ?? '',
    city: input.city ?? '',
    language: input.language ?? 'hi-Latn',
  };
  await db.transaction(async (tx) => {
    await lockPhone(tx, phone.e164);
    const recent = await findRecentRequest(tx, phone.e164, new Date(Date.now() - MERGE_WINDOW_MS));
    if (recent) {
      await mergeDemoRequest(tx, recent.id, values);
      await recordAudit(tx, {
        actorId: null,
        action: 'demo-request.repeat',
        entityType: 'demo_request',
        entityId: recent.id,
        summary: `Demo requested again by ${phone.e164}`,
      });
      return;
    }
    const created = await insertDemoRequest(tx, {
      phoneNumber: input.phone,
      phoneNormalized: phone.e164,
      ...values,
      ip,
    });
    await recordAudit(tx, {
      actorId: null,
      action: 'demo-request.create',
      entityType: 'demo_request',
      entityId: created.id,
      summary: `Demo requested by ${phone.e164}${values.city ? ` from ${values.city}` : ''}`,
    });
  });
}

export async function listDemoRequests(
  db: Database,
  filter: { status: DemoRequestStatus | undefined; limit: number; offset: number },
): Promise<{ items: DemoRequest[]; total: number }> {
  const { rows, total } = await listDemoRequestRows(db, filter);
  return { items: rows.map(toDemoRequest), total };
}

/** Marking twice changes nothing; a converted request stays converted. */
export async function markContacted(db: Database, actor: Actor, id: string): Promise<DemoRequest> {
  await db.transaction(async (tx) => {
    const row = await lockDemoRequest(tx, id);
    if (!row) throw notFound(DEMO_REQUEST_MESSAGES.notFound);
    if (row.status === 'converted') throw conflict(DEMO_REQUEST_MESSAGES.alreadyConverted);
    if (row.status === 'contacted') return;
    await markDemoRequestContacted(tx, id, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'demo-request.contacted',
      entityType: 'demo_request',
      entityId: id,
      summary: `Demo request of ${row.phoneNumber} marked contacted`,
    });
  });
  return getDemoRequest(db, id);
}

/**
 * A lead in the branch the admin chose, made by the contacts service in the same transaction
 * as the request's change, so a request becomes exactly one lead even if clicked twice.
 */
export async function convertToLead(
  db: Database,
  actor: Actor,
  scope: Scope,
  id: string,
  input: ConvertDemoRequestInput,
): Promise<DemoRequest> {
  await db.transaction(async (tx) => {
    const row = await lockDemoRequest(tx, id);
    if (!row) throw notFound(DEMO_REQUEST_MESSAGES.notFound);
    if (row.status === 'converted') throw conflict(DEMO_REQUEST_MESSAGES.alreadyConverted);
    if (!(await branchExists(tx, input.branchId))) throw notFound(USER_MESSAGES.branchNotFound);
    const remark =
      input.remark || `Booked a demo on the website${row.city ? ` (city: ${row.city})` : ''}`;
    const lead = await createLeadInBranch(
      tx,
      actor,
      scope,
      input.branchId,
      createLeadSchema.parse({
        name: input.name,
        phoneNumber: row.phoneNumber,
        address: row.city,
        // Someone who asked for a demo is a warm lead.
        status: 'positive',
        initialRemark: { text: remark, status: 'positive' },
      }),
    );
    await markDemoRequestConverted(tx, id, { userId: actor.id, leadId: lead._id });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'demo-request.convert',
      entityType: 'demo_request',
      entityId: id,
      summary: `Demo request of ${row.phoneNumber} converted to lead ${lead.name}`,
      changes: { leadId: lead._id, branchId: input.branchId },
    });
  });
  return getDemoRequest(db, id);
}
