/**
 * The branch Inventory page shows serialized, generic and service tables one under the
 * other; they share these column widths so S.NO, NAME, PRICE and STOCK line up (issue 15
 * §12). NAME takes what is left. The services table has no purchase price or stock: its
 * actions column takes their room, so its NAME and PRICE still sit under the others'.
 */
const WIDTH = {
  serialNumber: '4.5rem',
  price: '9rem',
  purchasePrice: '10rem',
  stock: '12rem',
  actions: '4rem',
} as const;

export const STOCK_TABLE_CLASS =
  'w-full min-w-[40rem] table-fixed divide-y divide-slate-200 text-sm';

export function StockColumns({
  purchasePrice,
  services = false,
}: {
  /** The admin's PURCHASE PRICE column is shown (spec 2 §6). */
  purchasePrice: boolean;
  /** The services table: no purchase price, no stock. */
  services?: boolean;
}) {
  const room = `calc(${[purchasePrice ? WIDTH.purchasePrice : null, WIDTH.stock, WIDTH.actions]
    .filter(Boolean)
    .join(' + ')})`;
  return (
    <colgroup>
      <col style={{ width: WIDTH.serialNumber }} />
      <col />
      <col style={{ width: WIDTH.price }} />
      {services ? (
        <col style={{ width: room }} />
      ) : (
        <>
          {purchasePrice ? <col style={{ width: WIDTH.purchasePrice }} /> : null}
          <col style={{ width: WIDTH.stock }} />
          <col style={{ width: WIDTH.actions }} />
        </>
      )}
    </colgroup>
  );
}
