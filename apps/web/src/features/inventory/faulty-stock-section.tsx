import { formatDate } from '@karya/domain/format';
import { type BranchInventoryItem, FAULTY_STOCK_LABEL } from '@karya/domain/inventory-answers';
import { Card } from '../../ui/card';
import { Table, Td } from '../../ui/table';

const COLUMNS = ['S.NO', 'NAME', 'SERIAL NUMBER', 'TAKEN BACK', 'REMARK'] as const;

/** The faulty units of the items, one line each, in the order the items are listed. */
export function faultyUnitsOf(items: readonly BranchInventoryItem[]) {
  return items.flatMap((item) => item.faulty.map((unit) => ({ item, unit })));
}

/**
 * The branch's units taken back from customers under warranty (issue 13), in their own
 * section apart from sellable stock: they count in no stock figure and cannot be assigned.
 * Shown only when the branch holds any.
 */
export function FaultyStockSection({ items }: { items: readonly BranchInventoryItem[] }) {
  const units = faultyUnitsOf(items);
  if (units.length === 0) return null;
  return (
    <Card
      padded={false}
      className="border-amber-200"
      title={
        <>
          {FAULTY_STOCK_LABEL}
          <span className="ml-2 text-sm font-normal text-slate-400">{units.length}</span>
        </>
      }
    >
      <p className="border-b border-amber-100 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:px-5">
        Units taken back from customers under warranty. They are not sellable stock and cannot be
        assigned to technicians.
      </p>
      <Table columns={COLUMNS} label={FAULTY_STOCK_LABEL}>
        {units.map(({ item, unit }, index) => (
          <tr key={unit.serialNumber}>
            <Td>{index + 1}</Td>
            <Td className="font-medium text-slate-900">
              {item.name}
              <span className="block text-xs font-normal text-slate-400">{item.id}</span>
            </Td>
            <Td className="font-mono">{unit.serialNumber}</Td>
            <Td>{formatDate(unit.date)}</Td>
            {/* A remark is a sentence ('Warranty replacement: A → B'): it wraps, unlike Td. */}
            <td className="min-w-48 px-4 py-3 text-slate-700">{unit.remark || '—'}</td>
          </tr>
        ))}
      </Table>
    </Card>
  );
}

/** The row badge of an item with faulty units: how many, never added to its stock. */
export function FaultyBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span
      title={`${count} ${FAULTY_STOCK_LABEL}: not sellable`}
      className="ml-2 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800"
    >
      {count} {FAULTY_STOCK_LABEL}
    </span>
  );
}
