import { UNIT_LINK_TOKEN } from '@karya/domain/complaint-schemas';
import type { Database, Tx } from '../../db/client';
import { chainFrom, findUnit, type UnitRow } from '../warranty';
import { findWorkOrderRow } from '../work-orders';

type Db = Database | Tx;

export type OrderRow = NonNullable<Awaited<ReturnType<typeof findWorkOrderRow>>>;

/** The unit a sticker's link stands for, installed at its customer. */
export interface LinkedUnit {
  /** The chain's current unit, the one at the customer now. */
  unit: UnitRow & { customerId: string };
  /** Every serial the chain has held, the first (the sticker's) first. */
  serials: string[];
  /** The installation (New Installation order) it was fitted on. */
  installation: OrderRow;
}

/** Whether a token could be one at all; anything else is answered as an unknown token. */
export const isTokenShaped = (token: string) => UNIT_LINK_TOKEN.test(token);

/**
 * The installed unit of a link's first serial: the chain's current unit, when it is at a
 * customer on an installation; null while it is in stock or with a technician (a label printed
 * before installation), or after it has left the customer.
 */
export async function installedUnitOf(db: Db, firstSerial: string): Promise<LinkedUnit | null> {
  const chain = await chainFrom(db, firstSerial);
  const unit = await findUnit(db, chain.current);
  if (unit?.location !== 'customer' || !unit.workOrderUuid || !unit.customerId) return null;
  const order = await findWorkOrderRow(db, unit.workOrderUuid);
  // A unit sold on a complaint's or a visit's order belongs to the installation it continues.
  const installation =
    order && order.projectCategory !== 'New Installation' && order.existingProjectId
      ? await findWorkOrderRow(db, order.existingProjectId)
      : order;
  if (installation?.projectCategory !== 'New Installation') return null;
  return { unit: { ...unit, customerId: unit.customerId }, serials: chain.serials, installation };
}
