import type { BillTax } from '@karya/domain/invoice-schemas';
import type { QuoteTaxing } from '@karya/domain/quotation-schemas';
import { money } from './quote-display';

/** The tax split as a bill shows it: taxable, CGST + SGST or IGST, round off. */
export function TaxSplit({ tax, kind }: { tax: BillTax; kind: QuoteTaxing['kind'] }) {
  const rows: [string, number][] = [['Taxable value', tax.taxable]];
  if (kind === 'tax-invoice') {
    if (tax.intraState) rows.push(['CGST', tax.cgst], ['SGST', tax.sgst]);
    else rows.push(['IGST', tax.igst]);
  }
  if (tax.roundOff !== 0) rows.push(['Round off', tax.roundOff]);
  return (
    <>
      {rows.map(([label, amount]) => (
        <div key={label} className="flex justify-between gap-3 text-sm">
          <dt className="text-slate-500">{label}</dt>
          <dd className="tabular-nums text-slate-800">{money(amount)}</dd>
        </div>
      ))}
    </>
  );
}

export interface TotalBlock {
  option: number | null;
  name: string | null;
  tax: BillTax;
  total: number;
  /** With every optional line of it ticked; null when it has none. */
  withOptional?: number | null;
}

/** Each option's total (or the one total), each with its tax split. */
export function QuoteTotalsPanel({
  blocks,
  taxing,
  note,
}: {
  blocks: readonly TotalBlock[];
  taxing: QuoteTaxing;
  note?: string | null;
}) {
  return (
    <div className="space-y-3">
      {blocks.map((block) => {
        const title = block.name ? `${block.name} total` : 'Total';
        return (
          <section
            key={block.option ?? 'all'}
            aria-label={title}
            className="rounded-lg border border-slate-200 bg-white p-3"
          >
            <dl className="space-y-1">
              <TaxSplit tax={block.tax} kind={taxing.kind} />
              <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base font-semibold">
                <dt>{title}</dt>
                <dd className="tabular-nums">{money(block.total)}</dd>
              </div>
            </dl>
            {block.withOptional != null ? (
              <p className="mt-1 text-xs text-slate-500">
                {money(block.withOptional)} with every optional line ticked
              </p>
            ) : null}
          </section>
        );
      })}
      <p className="text-xs text-slate-500">
        {taxing.kind === 'bill-of-supply'
          ? 'Bill of supply: no GST is charged.'
          : taxing.intraState
            ? 'CGST + SGST: the site is in the branch’s state.'
            : `IGST: the site is in ${taxing.placeOfSupply?.name ?? 'another state'}.`}
        {note ? ` ${note}` : ''}
      </p>
    </div>
  );
}
