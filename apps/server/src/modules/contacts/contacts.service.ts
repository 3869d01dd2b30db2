import type { ContactRow, Customer, Lead, Remark, WorkOrder } from '@karya/domain/contact';
import {
  type AddRemarkInput,
  CONTACT_MESSAGES,
  type ConvertLeadInput,
  type CreateCustomerInput,
  type CreateLeadInput,
  type CreateWorkOrderInput,
  normalizePhone,
  type UpdateCustomerInput,
  type UpdateLeadInput,
} from '@karya/domain/contact-schemas';
import { DEFAULT_UPDATE_LANGUAGE } from '@karya/domain/customer-updates';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { branchOfScope, inScope, managerBranchOf, type Scope } from '../../auth/scope';
import type { Database, Tx } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { startComplaintClock } from '../complaints';
import { getCustomerWorkOrder, listCustomerWorkOrders, openWorkOrder } from '../work-orders';
import {
  type CustomerRow,
  customerHasPhoneAcrossBranches,
  findCustomerRow,
  findLeadRow,
  insertCustomer,
  insertLead,
  insertRemark,
  type LeadRow,
  type ListFilter,
  listContactRows,
  listCustomerRows,
  listLeadRows,
  listRemarkRows,
  lockLead,
  type RemarkRow,
  touchCustomer,
  updateCustomerRow,
  updateLeadRow,
} from './contacts.queries';

export interface Paging {
  limit: number;
  offset: number;
}

/** Another branch's contact reads as not found: its existence is not disclosed. */
function assertContactInScope(scope: Scope, branchId: string, message: string): void {
  if (!inScope(scope, branchId)) throw notFound(message);
}

const iso = (date: Date) => date.toISOString();

function toRemark(row: RemarkRow): Remark {
  return {
    _id: row.id,
    text: row.text,
    status: row.status,
    createdAt: iso(row.createdAt),
    createdBy:
      row.authorId !== null
        ? {
            _id: row.authorId,
            firstName: row.authorFirstName ?? '',
            lastName: row.authorLastName ?? '',
          }
        : null,
  };
}

function toLead(row: LeadRow, remarks: RemarkRow[] = []): Lead {
  return {
    _id: row.id,
    contactType: 'lead',
    name: row.name,
    phoneNumber: row.phoneNumber,
    normalizedPhone: row.phoneNormalized,
    whatsappNumber: row.whatsappNumber,
    email: row.email,
    address: row.address,
    age: row.age,
    stateCode: row.stateCode,
    gstin: row.gstin,
    preferredLanguage: row.preferredLanguage,
    branch: { _id: row.branchId, name: row.branchName },
    status: row.status,
    initialRemark: row.initialRemark,
    source: row.source,
    converted: row.convertedAt !== null,
    remarks: remarks.map(toRemark),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

function toCustomer(row: CustomerRow): Customer {
  return {
    _id: row.id,
    contactType: 'customer',
    name: row.name,
    phoneNumber: row.phoneNumber,
    normalizedPhone: row.phoneNormalized,
    whatsappNumber: row.whatsappNumber,
    email: row.email,
    address: row.address,
    age: row.age,
    stateCode: row.stateCode,
    gstin: row.gstin,
    preferredLanguage: row.preferredLanguage,
    branch: { _id: row.branchId, name: row.branchName },
    status: row.status,
    convertedFromLead: row.convertedFromLead,
    leadId: row.leadId,
    projects: [],
    workOrders: [],
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** What the lead and customer lists are filtered and paged by. */
export type ContactListQuery = {
  search?: string | undefined;
  status?: string | undefined;
} & Paging;

/* ---------------------------------------------------------------- leads */

export async function listLeads(
  db: Database,
  scope: Scope,
  query: ContactListQuery,
): Promise<{ items: Lead[]; total: number }> {
  const filter: ListFilter = { ...query, branchId: branchOfScope(scope) };
  const { rows, total } = await listLeadRows(db, filter);
  return { items: rows.map((row) => toLead(row)), total };
}

export async function getLead(db: Database, scope: Scope, id: string): Promise<Lead> {
  const row = await findLeadRow(db, id);
  if (!row) throw notFound(CONTACT_MESSAGES.leadNotFound);
  assertContactInScope(scope, row.branchId, CONTACT_MESSAGES.leadNotFound);
  return toLead(row, await listRemarkRows(db, id));
}

const text = (value: string | undefined) => value ?? '';

/**
 * The state and GSTIN columns a write sets (issue 19): only those sent, so an update keeps the
 * rest. With no state given, a GSTIN's first two digits are the state: a business customer's
 * address is most often where it is registered. Unlike a branch's, a customer's GSTIN may be
 * of another state (a site away from its registered office), so a difference is kept.
 */
export function contactTax(
  input: { stateCode?: string | null; gstin?: string | null },
  current?: { stateCode: string | null; gstin: string | null },
): { stateCode?: string | null; gstin?: string | null } {
  const columns: { stateCode?: string | null; gstin?: string | null } = {};
  if (input.gstin !== undefined) columns.gstin = input.gstin;
  const gstin = input.gstin !== undefined ? input.gstin : (current?.gstin ?? null);
  const stateCode = input.stateCode !== undefined ? input.stateCode : current?.stateCode;
  if (input.stateCode !== undefined || (stateCode == null && gstin))
    columns.stateCode = stateCode ?? (gstin ? gstin.slice(0, 2) : null);
  return columns;
}

export async function createLead(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: CreateLeadInput,
): Promise<Lead> {
  return createLeadInBranch(db, actor, scope, managerBranchOf(scope), input);
}

/**
 * A lead in a branch the caller has already chosen and checked: an admin turning a demo
 * request of the landing page into a lead (modules/system). Pass a transaction to make the
 * lead part of a larger change.
 */
export async function createLeadInBranch(
  db: Database,
  actor: Actor,
  scope: Scope,
  branchId: string,
  input: CreateLeadInput,
): Promise<Lead> {
  const phone = normalizePhone(input.phoneNumber);
  const remarkText = input.initialRemark?.text ?? '';
  // The initial remark's status is the lead's status (spec 1 §4).
  const status =
    (remarkText ? input.initialRemark?.status : undefined) ?? input.status ?? 'neutral';
  const id = await db.transaction(async (tx) => {
    if (await customerHasPhoneAcrossBranches(tx, phone))
      throw conflict(CONTACT_MESSAGES.phoneBelongsToCustomer);
    const created = await insertLead(tx, {
      name: input.name,
      phoneNumber: input.phoneNumber,
      phoneNormalized: phone.e164,
      phoneNational: phone.national,
      whatsappNumber: text(input.whatsappNumber),
      email: text(input.email),
      address: text(input.address),
      age: input.age,
      preferredLanguage: input.preferredLanguage ?? DEFAULT_UPDATE_LANGUAGE,
      ...contactTax(input),
      branchId,
      status,
      initialRemark: remarkText,
      createdBy: actor.id,
    });
    if (remarkText) {
      await insertRemark(tx, { leadId: created.id, text: remarkText, status, createdBy: actor.id });
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'lead.create',
      entityType: 'lead',
      entityId: created.id,
      summary: `Added lead ${input.name}`,
      changes: { name: input.name, phoneNumber: phone.e164, status },
    });
    return created.id;
  });
  return getLead(db, scope, id);
}

export async function updateLead(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: UpdateLeadInput,
): Promise<Lead> {
  const id = input.leadId ?? input._id ?? '';
  const phone = normalizePhone(input.phoneNumber);
  await db.transaction(async (tx) => {
    const lead = await lockLead(tx, id);
    if (!lead) throw notFound(CONTACT_MESSAGES.leadNotFound);
    assertContactInScope(scope, lead.branchId, CONTACT_MESSAGES.leadNotFound);
    if (lead.convertedAt) throw conflict(CONTACT_MESSAGES.leadAlreadyConverted);
    if (await customerHasPhoneAcrossBranches(tx, phone))
      throw conflict(CONTACT_MESSAGES.phoneBelongsToCustomer);
    await updateLeadRow(tx, id, {
      name: input.name,
      phoneNumber: input.phoneNumber,
      phoneNormalized: phone.e164,
      phoneNational: phone.national,
      whatsappNumber: text(input.whatsappNumber),
      email: text(input.email),
      address: text(input.address),
      age: input.age,
      ...(input.preferredLanguage ? { preferredLanguage: input.preferredLanguage } : {}),
      ...contactTax(input, lead),
      ...(input.status ? { status: input.status } : {}),
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'lead.update',
      entityType: 'lead',
      entityId: id,
      summary: `Updated lead ${input.name}`,
      changes: { name: input.name, phoneNumber: phone.e164 },
    });
  });
  return getLead(db, scope, id);
}

/** A remark sets the lead's status: the lead's status is that of its latest remark. */
export async function addRemark(
  db: Database,
  actor: Actor,
  scope: Scope,
  leadId: string,
  input: AddRemarkInput,
): Promise<Lead> {
  const status = input.status ?? 'neutral';
  await db.transaction(async (tx) => {
    const lead = await lockLead(tx, leadId);
    if (!lead) throw notFound(CONTACT_MESSAGES.leadNotFound);
    assertContactInScope(scope, lead.branchId, CONTACT_MESSAGES.leadNotFound);
    if (lead.convertedAt) throw conflict(CONTACT_MESSAGES.leadAlreadyConverted);
    await insertRemark(tx, { leadId, text: input.text, status, createdBy: actor.id });
    await updateLeadRow(tx, leadId, { status });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'lead.remark',
      entityType: 'lead',
      entityId: leadId,
      summary: `Added a ${status} remark`,
      changes: { status, text: input.text },
    });
  });
  return getLead(db, scope, leadId);
}

/**
 * One transaction: the customer (converted from the lead, which keeps its remarks as the
 * Lead History), its first pending work order, and the lead marked converted.
 */
export async function convertLead(
  db: Database,
  actor: Actor,
  scope: Scope,
  leadId: string,
  input: ConvertLeadInput,
): Promise<Customer> {
  const customerId = await db.transaction(async (tx) => {
    const locked = await lockLead(tx, leadId);
    if (!locked) throw notFound(CONTACT_MESSAGES.leadNotFound);
    assertContactInScope(scope, locked.branchId, CONTACT_MESSAGES.leadNotFound);
    return (await convertLeadIn(tx, actor.id, leadId, input)).customerId;
  });
  return getCustomer(db, scope, customerId);
}

/**
 * The conversion inside the caller's transaction, for a caller that has checked the lead's
 * branch: a quotation accepted on the customer's public page converts its lead this way
 * (issue 35), with no desk actor (null) and the quote's project type. The lead is locked
 * here, so two conversions of one lead queue and the later one is refused.
 */
export async function convertLeadIn(
  tx: Tx,
  actorId: string | null,
  leadId: string,
  input: ConvertLeadInput,
  /** Where the work is done, when not the lead's address (a quote's site state). */
  site: { siteStateCode?: string | null } = {},
): Promise<{ customerId: string; workOrderId: string }> {
  const locked = await lockLead(tx, leadId);
  if (!locked) throw notFound(CONTACT_MESSAGES.leadNotFound);
  if (locked.convertedAt) throw conflict(CONTACT_MESSAGES.leadAlreadyConverted);
  const lead = await findLeadRow(tx, leadId);
  if (!lead) throw notFound(CONTACT_MESSAGES.leadNotFound);
  const phone = normalizePhone(lead.phoneNumber);
  const customer = await insertCustomer(tx, {
    name: lead.name,
    phoneNumber: lead.phoneNumber,
    phoneNormalized: phone.e164,
    phoneNational: phone.national,
    whatsappNumber: lead.whatsappNumber,
    email: lead.email,
    address: lead.address,
    age: lead.age,
    stateCode: lead.stateCode,
    gstin: lead.gstin,
    preferredLanguage: lead.preferredLanguage,
    ...contactTax(input, lead),
    branchId: lead.branchId,
    convertedFromLead: true,
    leadId,
    createdBy: actorId,
  });
  const workOrder = await openWorkOrder(tx, {
    customerId: customer.id,
    branchId: lead.branchId,
    projectType: input.projectType,
    initialRemark: input.initialRemark ?? '',
    createdBy: actorId,
    siteStateCode: site.siteStateCode ?? null,
  });
  await updateLeadRow(tx, leadId, { convertedAt: new Date() });
  await recordAudit(tx, {
    actorId,
    action: 'lead.convert',
    entityType: 'lead',
    entityId: leadId,
    summary: `Converted lead ${lead.name} to a customer`,
    changes: {
      customerId: customer.id,
      workOrderId: workOrder.id,
      projectType: input.projectType,
    },
  });
  return { customerId: customer.id, workOrderId: workOrder.id };
}

/* ------------------------------------------------------------ customers */

export async function listCustomers(
  db: Database,
  scope: Scope,
  query: ContactListQuery,
): Promise<{ items: Customer[]; total: number }> {
  const filter: ListFilter = { ...query, branchId: branchOfScope(scope) };
  const { rows, total } = await listCustomerRows(db, filter);
  return { items: rows.map(toCustomer), total };
}

export async function getCustomer(db: Database, scope: Scope, id: string): Promise<Customer> {
  const row = await findCustomerRow(db, id);
  if (!row) throw notFound(CONTACT_MESSAGES.customerNotFound);
  assertContactInScope(scope, row.branchId, CONTACT_MESSAGES.customerNotFound);
  const [allOrders, lead, remarks] = await Promise.all([
    listCustomerWorkOrders(db, id),
    row.leadId ? findLeadRow(db, row.leadId) : Promise.resolve(null),
    row.leadId ? listRemarkRows(db, row.leadId) : Promise.resolve([]),
  ]);
  // A technician sees only a customer of their own orders, and only those orders
  // (decision 013); anyone else's customer reads as not found.
  const workOrders =
    scope.kind === 'own'
      ? allOrders.filter(
          (order) =>
            order.technician?._id === scope.technicianId ||
            order.originalTechnician?._id === scope.technicianId,
        )
      : allOrders;
  if (scope.kind === 'own' && workOrders.length === 0)
    throw notFound(CONTACT_MESSAGES.customerNotFound);
  return {
    ...toCustomer(row),
    leadId: lead
      ? {
          _id: lead.id,
          name: lead.name,
          createdAt: iso(lead.createdAt),
          remarks: remarks.map(toRemark),
        }
      : null,
    projects: workOrders
      .filter((order) => order.projectCategory === 'New Installation')
      .map((order) => ({
        _id: order._id,
        projectId: order.projectId,
        projectType: order.projectType,
        status: order.status,
        createdAt: order.createdAt,
      })),
    workOrders,
  };
}

/** A customer added directly, with the first pending work order of its project type. */
export async function createCustomer(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: CreateCustomerInput,
): Promise<Customer> {
  const branchId = managerBranchOf(scope);
  const phone = normalizePhone(input.phoneNumber);
  const id = await db.transaction(async (tx) => {
    const customer = await insertCustomer(tx, {
      name: input.name,
      phoneNumber: input.phoneNumber,
      phoneNormalized: phone.e164,
      phoneNational: phone.national,
      whatsappNumber: text(input.whatsappNumber),
      email: text(input.email),
      address: text(input.address),
      age: input.age,
      preferredLanguage: input.preferredLanguage ?? DEFAULT_UPDATE_LANGUAGE,
      ...contactTax(input),
      branchId,
      status: input.status ?? 'active',
      createdBy: actor.id,
    });
    await openWorkOrder(tx, {
      customerId: customer.id,
      branchId,
      projectType: input.projectType,
      initialRemark: input.initialRemark ?? '',
      createdBy: actor.id,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'customer.create',
      entityType: 'customer',
      entityId: customer.id,
      summary: `Added customer ${input.name}`,
      changes: { name: input.name, phoneNumber: phone.e164, projectType: input.projectType },
    });
    return customer.id;
  });
  return getCustomer(db, scope, id);
}

export async function updateCustomer(
  db: Database,
  actor: Actor,
  scope: Scope,
  id: string,
  input: UpdateCustomerInput,
): Promise<Customer> {
  const existing = await findCustomerRow(db, id);
  if (!existing) throw notFound(CONTACT_MESSAGES.customerNotFound);
  assertContactInScope(scope, existing.branchId, CONTACT_MESSAGES.customerNotFound);
  const phone = input.phoneNumber ? normalizePhone(input.phoneNumber) : null;
  await db.transaction(async (tx) => {
    await updateCustomerRow(tx, id, {
      name: input.name,
      email: input.email,
      ...(phone && input.phoneNumber
        ? {
            phoneNumber: input.phoneNumber,
            phoneNormalized: phone.e164,
            phoneNational: phone.national,
          }
        : {}),
      ...(input.whatsappNumber !== undefined ? { whatsappNumber: input.whatsappNumber } : {}),
      ...(input.address !== undefined ? { address: input.address } : {}),
      ...(input.age !== undefined ? { age: input.age } : {}),
      ...(input.preferredLanguage ? { preferredLanguage: input.preferredLanguage } : {}),
      ...contactTax(input, existing),
      ...(input.status ? { status: input.status } : {}),
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'customer.update',
      entityType: 'customer',
      entityId: id,
      summary: `Updated customer ${input.name}`,
      changes: { name: input.name, email: input.email, status: input.status },
    });
  });
  return getCustomer(db, scope, id);
}

/* ---------------------------------------------------------- work orders */

/**
 * A new installation (its own project) or a complaint (Repair) against one of the
 * customer's completed installations, keeping that project's id and technician.
 */
export async function createWorkOrder(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: CreateWorkOrderInput,
): Promise<WorkOrder> {
  const customer = await findCustomerRow(db, input.customerId);
  if (!customer) throw notFound(CONTACT_MESSAGES.customerNotFound);
  assertContactInScope(scope, customer.branchId, CONTACT_MESSAGES.customerNotFound);
  const complaint = input.projectCategory === 'Repair';

  const id = await db.transaction(async (tx) => {
    const order = await openWorkOrder(tx, {
      customerId: customer.id,
      branchId: customer.branchId,
      projectType: input.projectType ?? '',
      initialRemark: input.initialRemark ?? '',
      createdBy: actor.id,
      complaintAbout: complaint ? (input.existingProjectId ?? '') : undefined,
      ...siteOf(customer, input),
    });
    if (complaint && order.existingProjectId) {
      await startComplaintClock(tx, {
        workOrderId: order.id,
        branchId: customer.branchId,
        source: 'desk',
        installationId: order.existingProjectId,
        customerId: customer.id,
        openedAt: new Date(),
      });
    }
    await touchCustomer(tx, customer.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: complaint ? 'work-order.complaint' : 'work-order.create',
      entityType: 'work-order',
      entityId: order.id,
      summary: complaint
        ? `Filed a complaint for ${customer.name}`
        : `Created a ${order.projectType} work order for ${customer.name}`,
      changes: {
        customerId: customer.id,
        projectType: order.projectType,
        existingProjectId: order.existingProjectId,
      },
    });
    return order.id;
  });
  return getCustomerWorkOrder(db, id);
}

/**
 * The site an order keeps (issue 19): only what differs from the customer's own address and
 * state, so an order at the customer's address follows a later fix of it; a site elsewhere
 * keeps its address and state whatever happens to the customer's.
 */
function siteOf(
  customer: { address: string; stateCode: string | null },
  input: { siteAddress: string | null; siteStateCode: string | null },
): { siteAddress: string | null; siteStateCode: string | null } {
  const elsewhere = input.siteAddress !== null && input.siteAddress !== customer.address.trim();
  const siteStateCode =
    input.siteStateCode !== null && (elsewhere || input.siteStateCode !== customer.stateCode)
      ? input.siteStateCode
      : null;
  return { siteAddress: elsewhere ? input.siteAddress : null, siteStateCode };
}

/* -------------------------------------------------------------- search */

const SEARCH_LIMIT = 20;

/** Leads and customers by phone (any stored format, from 8 digits) or name. */
export async function searchContacts(
  db: Database,
  scope: Scope,
  query: string,
): Promise<{ leads: Lead[]; customers: Customer[] }> {
  const text = query.trim();
  if (!text) return { leads: [], customers: [] };
  const branchId = branchOfScope(scope);
  const paging = { limit: SEARCH_LIMIT, offset: 0 };
  const [leadRows, customerRows] = await Promise.all([
    listLeadRows(db, { branchId, search: text, ...paging }),
    listCustomerRows(db, { branchId, search: text, ...paging }),
  ]);
  return {
    leads: leadRows.rows.map((row) => toLead(row)),
    customers: customerRows.rows.map(toCustomer),
  };
}

export async function listContacts(
  db: Database,
  scope: Scope,
  query: {
    type: 'all' | 'leads' | 'customers';
    search?: string | undefined;
    status?: string | undefined;
  } & Paging,
): Promise<{ items: ContactRow[]; total: number }> {
  const { rows, total } = await listContactRows(db, { ...query, branchId: branchOfScope(scope) });
  return {
    items: rows.map((row) => ({
      _id: row.id,
      contactType: row.contactType,
      name: row.name,
      phoneNumber: row.phoneNumber,
      whatsappNumber: row.whatsappNumber,
      email: row.email,
      address: row.address,
      age: row.age,
      status: row.status,
      branch: { _id: row.branchId, name: row.branchName },
      createdAt: iso(new Date(row.createdAt)),
      updatedAt: iso(new Date(row.updatedAt)),
    })),
    total,
  };
}
