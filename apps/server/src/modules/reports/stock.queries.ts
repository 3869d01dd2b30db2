import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';

/**
 * The stock report's SQL (issue 38): stock now, read from the balances the ledger keeps in
 * the same transaction as every movement (decision 006), never by summing the ledger. Four
 * statements, each an index range or a walk of the (small) catalogue with index probes:
 *
 * - branch_stock counts a branch's serial units as well as its generic quantities (moveStock
 *   keeps the balance of a serial too: 1 per unit), so the branch shelf is branch_stock alone —
 *   adding the serial units on the shelf again would count them twice. The faulty shelf keeps
 *   no balance: it is the serial_units in place 'faulty'.
 * - A van is technician_stock of a technician of the branch (users.branch_id).
 * - Units waiting as a pending return are in neither balance and in no holder here.
 */

type Db = Database | Tx;

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const inBranch = (column: SQL, branchId: string | undefined) =>
  branchId ? sql`and ${column} = ${branchId}::uuid` : sql``;

export interface HolderRow {
  kind: 'branch' | 'technician' | 'faulty';
  holderId: string;
  holderName: string;
  branchId: string;
  branchName: string;
  quantity: number;
  costPaise: number;
}

/**
 * Every holder with stock: each branch's shelf, each van, each faulty shelf, with the units
 * and their value at the catalogue's purchase price. Indexes: branch_stock's primary key
 * (item_id, branch_id) read whole or filtered by branch (items × branches rows, a few
 * thousand); technician_stock joined to users by users_role_branch_idx (role, branch_id);
 * the faulty units by serial_units_item_location_idx (item_id, location), one probe per
 * serialized item of the catalogue.
 */
export function stockHolders(db: Db, branchId: string | undefined): Promise<HolderRow[]> {
  return rowsOf<HolderRow>(
    db,
    sql`
    select 'branch' as kind, b.id as "holderId", b.name as "holderName", b.id as "branchId",
           b.name as "branchName", sum(s.quantity)::int as quantity,
           sum(s.quantity::bigint * i.purchase_price_paise)::float8 as "costPaise"
      from branch_stock s
      join branches b on b.id = s.branch_id
      join inventory_items i on i.id = s.item_id
     where s.quantity > 0 ${inBranch(sql`s.branch_id`, branchId)}
     group by b.id, b.name
    union all
    select 'technician', u.id, trim(u.first_name || ' ' || u.last_name), b.id, b.name,
           sum(s.quantity)::int, sum(s.quantity::bigint * i.purchase_price_paise)::float8
      from users u
      join branches b on b.id = u.branch_id
      join technician_stock s on s.technician_id = u.id and s.quantity > 0
      join inventory_items i on i.id = s.item_id
     where u.role = 'technician' ${inBranch(sql`u.branch_id`, branchId)}
     group by u.id, u.first_name, u.last_name, b.id, b.name
    union all
    select 'faulty', b.id, b.name, b.id, b.name,
           count(*)::int, sum(i.purchase_price_paise)::float8
      from inventory_items i
      join serial_units su on su.item_id = i.id and su.location = 'faulty'
      join branches b on b.id = su.branch_id
     where i.type = 'serialized-product' ${inBranch(sql`su.branch_id`, branchId)}
     group by b.id, b.name`,
  );
}

export interface LowStockRow {
  itemId: string;
  itemCode: string;
  itemName: string;
  branchId: string;
  branchName: string;
  quantity: number;
  level: number;
}

/**
 * Items whose quantity on the branch's shelf is below their reorder level there (vans and the
 * faulty shelf do not count: the level is what the shop wants on hand to hand out). Indexes:
 * reorder_levels_branch_idx (branch_id) for one branch, then branch_stock's primary key
 * (item_id, branch_id) per level; every branch reads reorder_levels whole (one row per level
 * set, by hand).
 */
export function lowStockRows(db: Db, branchId: string | undefined): Promise<LowStockRow[]> {
  return rowsOf<LowStockRow>(
    db,
    sql`
    select i.id as "itemId", i.code as "itemCode", i.name as "itemName", b.id as "branchId",
           b.name as "branchName", coalesce(s.quantity, 0)::int as quantity, r.level
      from reorder_levels r
      join inventory_items i on i.id = r.item_id
      join branches b on b.id = r.branch_id
      left join branch_stock s on s.item_id = r.item_id and s.branch_id = r.branch_id
     where coalesce(s.quantity, 0) < r.level ${inBranch(sql`r.branch_id`, branchId)}
     order by b.name, b.id, i.name, i.id`,
  );
}

/** The count the dashboard's 'Low stock' card shows, as lowStockRows decides it. */
export function lowStockCountSql(branchColumn: SQL | undefined): SQL {
  return sql`select count(*)::int from reorder_levels r
    left join branch_stock s on s.item_id = r.item_id and s.branch_id = r.branch_id
    where coalesce(s.quantity, 0) < r.level ${branchColumn ? sql`and r.branch_id = ${branchColumn}` : sql``}`;
}

export interface SlowMoverRow {
  itemId: string;
  itemCode: string;
  itemName: string;
  branchId: string;
  branchName: string;
  quantity: number;
  /** Epoch milliseconds of the last movement, or null: never moved in this branch's ledger. */
  lastMovedMs: number | null;
}

/**
 * Items a branch holds (its shelf or its vans) with no movement in its ledger since `since`.
 * A movement belongs to the branch whose ledger stock_movements.branch_id names (stock in,
 * assignments, returns, bills of its technicians); its moment is moved_on, the date the
 * ledger shows (a stock in's date as the user gave it, otherwise when it happened).
 * Indexes: the holdings as in stockHolders; the last movement one lateral probe per held
 * (item, branch), a single descent of stock_movements_item_branch_moved_idx (item_id,
 * branch_id, moved_on), so a busy item's long ledger is not read.
 */
export function slowMoverRows(
  db: Db,
  branchId: string | undefined,
  since: Date,
): Promise<SlowMoverRow[]> {
  return rowsOf<SlowMoverRow>(
    db,
    sql`
    with held as (
      select s.item_id, s.branch_id, s.quantity
        from branch_stock s where s.quantity > 0 ${inBranch(sql`s.branch_id`, branchId)}
      union all
      select s.item_id, u.branch_id, s.quantity
        from users u join technician_stock s on s.technician_id = u.id and s.quantity > 0
       where u.role = 'technician' and u.branch_id is not null ${inBranch(sql`u.branch_id`, branchId)}
    ), totals as (
      select item_id, branch_id, sum(quantity)::int as quantity from held group by 1, 2
    )
    select i.id as "itemId", i.code as "itemCode", i.name as "itemName", b.id as "branchId",
           b.name as "branchName", t.quantity,
           (extract(epoch from last.moved_on) * 1000)::float8 as "lastMovedMs"
      from totals t
      join inventory_items i on i.id = t.item_id
      join branches b on b.id = t.branch_id
      left join lateral (
        select max(m.moved_on) as moved_on from stock_movements m
         where m.item_id = t.item_id and m.branch_id = t.branch_id
      ) last on true
     where last.moved_on is null or last.moved_on < ${since.toISOString()}::timestamptz
     order by last.moved_on asc nulls first, b.name, i.name, i.id`,
  );
}

export interface LongHeldRow {
  serialNumber: string;
  itemId: string;
  itemCode: string;
  itemName: string;
  technicianId: string;
  technicianName: string;
  branchId: string;
  branchName: string;
  /** Epoch milliseconds since which the technician has held it. */
  sinceMs: number;
}

/**
 * Serials in a technician's hands since before `before`. Since when: serial_units.updated_at.
 * Only the ledger's moveStock writes serial_units, and it stamps updated_at = now() in the
 * same statement that moves the unit, so for a unit in place 'technician' it is the moment
 * the unit reached them (an assignment, or a return they took back) — the same instant as
 * that movement's ledger row, read without searching the ledger, which has no index by
 * serial. Indexes: serial_units_item_location_idx (item_id, location), one probe per
 * serialized item; the technician by users' primary key.
 */
export function longHeldRows(
  db: Db,
  branchId: string | undefined,
  before: Date,
): Promise<LongHeldRow[]> {
  return rowsOf<LongHeldRow>(
    db,
    sql`
    select su.serial_number as "serialNumber", i.id as "itemId", i.code as "itemCode",
           i.name as "itemName", u.id as "technicianId",
           trim(u.first_name || ' ' || u.last_name) as "technicianName",
           b.id as "branchId", b.name as "branchName",
           (extract(epoch from su.updated_at) * 1000)::float8 as "sinceMs"
      from inventory_items i
      join serial_units su on su.item_id = i.id and su.location = 'technician'
      join users u on u.id = su.technician_id
      join branches b on b.id = u.branch_id
     where i.type = 'serialized-product' and su.updated_at < ${before.toISOString()}::timestamptz
       ${inBranch(sql`u.branch_id`, branchId)}
     order by su.updated_at asc, su.serial_number`,
  );
}

export interface ReorderLevelRow {
  itemId: string;
  branchId: string;
  level: number;
}

/** A branch's reorder levels (reorder_levels_branch_idx), or every branch's. */
export function reorderLevelRows(db: Db, branchId: string | undefined): Promise<ReorderLevelRow[]> {
  return rowsOf<ReorderLevelRow>(
    db,
    sql`select r.item_id as "itemId", r.branch_id as "branchId", r.level
          from reorder_levels r where true ${inBranch(sql`r.branch_id`, branchId)}
         order by r.branch_id, r.item_id`,
  );
}
