import { isDateOnlyStamp } from '@karya/domain/stock-date';
import type { UnitEvent, UnitRecord, WarrantyStatus } from '@karya/domain/warranty-schemas';
import { inScope, type Scope } from '../../auth/scope';
import type { Database } from '../../db/client';
import {
  complaintsOfProject,
  findRecordsHolding,
  issuesOf,
  movementsOfSerial,
  type RecordRow,
  type UnitRow,
} from './warranty.queries';
import { statusOf, toReplacement, visibleUnit } from './warranty.service';

/**
 * The installed-unit record (issue 13): from one serial, where the unit is now and every
 * step of its life — stock in, assignments, returns, the bill that installed it, complaints
 * on its project and warranty replacements — read from the ledger and the warranty records.
 */

const name = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

type MovementRow = Awaited<ReturnType<typeof movementsOfSerial>>[number];

function movementEvent(m: MovementRow): UnitEvent {
  const by = name(m.byFirstName, m.byLastName) || null;
  const from = name(m.fromFirstName, m.fromLastName);
  const to = name(m.toFirstName, m.toLastName);
  const base = { at: m.at.toISOString(), by, detail: m.remark };
  if (m.fromLocation === 'supplier')
    return {
      ...base,
      at: m.movedOn.toISOString(),
      // Entered with a date alone: shown as that date, with no time (issue 39 item 21).
      ...(isDateOnlyStamp(m.movedOn) ? { dateOnly: true } : {}),
      kind: 'stock-in',
      title: `Stock in at ${m.toBranch ?? 'the branch'}`,
    };
  if (m.toLocation === 'faulty')
    return {
      ...base,
      kind: 'faulty',
      title: `Taken back under warranty from ${m.customerName ?? 'the customer'} to ${m.toBranch ?? 'the branch'}'s faulty stock`,
    };
  if (m.toLocation === 'customer')
    return m.billId
      ? {
          ...base,
          kind: 'billed',
          title: `Installed at ${m.customerName ?? 'the customer'} (${m.orderId ?? ''}) by ${from}`,
        }
      : {
          ...base,
          kind: 'replacement',
          title: `Fitted at ${m.customerName ?? 'the customer'} (${m.orderId ?? ''}) as a warranty replacement`,
        };
  if (m.fromLocation === 'branch') return { ...base, kind: 'assigned', title: `Assigned to ${to}` };
  if (m.toLocation === 'pending-return')
    return { ...base, kind: 'returned', title: `Returned by ${from}, awaiting confirmation` };
  return {
    ...base,
    kind: 'confirmed',
    title: `Return confirmed into ${m.toBranch ?? 'the branch'}`,
  };
}

/**
 * A unit that has left its customer (taken back under warranty, returned) still names the
 * installation it came from (issue 39 item 17): the bill that installed it says when and by
 * whom, its replacement record (or that bill) for whom and on which order. The warranty check
 * itself keeps answering where the unit is now.
 */
function withInstallation(
  status: WarrantyStatus,
  movements: readonly MovementRow[],
  record: RecordRow | undefined,
): WarrantyStatus {
  const installed = movements.find((m) => m.toLocation === 'customer' && m.billId);
  if (!installed) return status;
  return {
    ...status,
    installationDate: status.installationDate ?? installed.at.toISOString(),
    technicianName: status.technicianName || name(installed.fromFirstName, installed.fromLastName),
    customerName: status.customerName ?? record?.customerName ?? installed.customerName,
    customerPhone: status.customerPhone ?? record?.customerPhone ?? null,
    workOrderId: status.workOrderId ?? record?.orderId ?? installed.orderId,
  };
}

function placeOf(unit: UnitRow): string {
  const holder = name(unit.holderFirstName, unit.holderLastName);
  switch (unit.location) {
    case 'branch':
      return `Branch Inventory (${unit.branchName ?? ''})`;
    case 'faulty':
      return `Faulty stock (${unit.branchName ?? ''})`;
    case 'technician':
      return `With technician ${holder}`;
    case 'pending-return':
      return `Pending return from ${holder}`;
    case 'customer':
      return `At customer ${unit.customerName ?? ''} (${unit.orderId ?? ''})`;
    default:
      return unit.location;
  }
}

/** GET /api/serial-number-record/{serial}: the unit, its records and their issues read once. */
export async function unitRecord(db: Database, scope: Scope, serial: string): Promise<UnitRecord> {
  // The scope applies here: an unknown or foreign serial is 404, as for the status.
  const unit = await visibleUnit(db, scope, serial);
  const [movements, records] = await Promise.all([
    movementsOfSerial(db, unit.serialNumber),
    findRecordsHolding(db, unit.serialNumber),
  ]);
  const issues = await issuesOf(
    db,
    records.map((r) => r.id),
  );
  const issueEvents: UnitEvent[] = issues
    .filter((i) => i.faultySerialNumber === unit.serialNumber)
    .map((i) => ({
      at: i.reportedAt.toISOString(),
      kind: 'warranty-issue',
      title: `Warranty issue registered (checked by ${i.issueCheckedBy})`,
      detail: i.issueDescription,
      by: name(i.reporterFirstName, i.reporterLastName) || null,
    }));
  const visibleRecord = records.find((r) => inScope(scope, r.branchId));
  // A unit taken back has left its order; its record still names the installation.
  const installation = records[0] ?? {
    workOrderUuid: unit.workOrderUuid,
    projectId: unit.projectId,
  };
  const complaints =
    installation.workOrderUuid && installation.projectId
      ? await complaintsOfProject(db, installation.workOrderUuid, installation.projectId)
      : [];
  return {
    status: withInstallation(statusOf(unit, records[0]), movements, records[0]),
    place: placeOf(unit),
    events: [...movements.map(movementEvent), ...issueEvents].sort((a, b) =>
      a.at.localeCompare(b.at),
    ),
    complaints: complaints.map((c) => ({
      orderId: c.orderId,
      status: c.status,
      projectType: c.projectType,
      createdAt: c.createdAt.toISOString(),
      technicianName: name(c.technicianFirstName, c.technicianLastName) || null,
    })),
    replacement: visibleRecord ? toReplacement(visibleRecord, issues) : null,
  };
}
