import { Button } from './button';

/** Previous/Next under a paged list; hidden when everything fits on one page. */
export function ListPager({
  page,
  pageSize,
  total,
  capped = false,
  noun,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** total is a floor: the search matched more than the server counts. */
  capped?: boolean;
  noun: string;
  onPage: (page: number) => void;
}) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const more = capped ? '+' : '';
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label="Pagination"
      className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 text-sm text-slate-600"
    >
      <span>
        Page {page} of {pageCount}
        {more} · {total.toLocaleString('en-IN')}
        {more} {noun}
      </span>
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
