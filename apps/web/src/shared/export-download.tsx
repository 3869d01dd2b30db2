import type { ExportKind } from '@karya/domain/export-schemas';
import { ChevronDown, Download } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { apiUrl } from '../lib/api-url';

export interface ExportChoice {
  kind: ExportKind;
  /** Named in the menu when there is more than one: 'Customers', 'Leads'. */
  label: string;
}

const FORMATS = [
  { format: 'xlsx', label: 'Excel (.xlsx)' },
  { format: 'csv', label: 'CSV' },
] as const;

/** GET /export for one kind: the list's branch for an admin, the viewer's own for a manager. */
export function exportUrl(kind: ExportKind, format: 'xlsx' | 'csv', branch: string | null) {
  return apiUrl('/export', { kind, format, branchId: branch || undefined });
}

/**
 * A list's 'Download' (issue 36): a menu of plain links to the server's file, so the list's
 * screen loads no spreadsheet code and the file streams straight to disk however long it is.
 * The server names the file and decides what the viewer may read (a manager: their branch).
 */
export function ExportDownload({
  choices,
  branch,
}: {
  choices: readonly ExportChoice[];
  branch: string | null;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !box.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div ref={box} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((current) => !current)}
        className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        <Download aria-hidden="true" className="size-4" />
        Download
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      {open ? (
        <ul
          id={menuId}
          aria-label="Download as"
          className="absolute right-0 z-20 mt-1 min-w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg max-sm:left-0 max-sm:right-auto"
        >
          {choices.flatMap((choice) =>
            FORMATS.map(({ format, label }) => (
              <li key={`${choice.kind}-${format}`}>
                <a
                  href={exportUrl(choice.kind, format, branch)}
                  download
                  onClick={() => setOpen(false)}
                  className="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-50"
                >
                  {choices.length > 1 ? `${choice.label} · ${label}` : label}
                </a>
              </li>
            )),
          )}
        </ul>
      ) : null}
    </div>
  );
}
