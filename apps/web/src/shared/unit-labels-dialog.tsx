import {
  COMPLAINT_MESSAGES,
  MAX_LABELS,
  UNIT_LABEL_LAYOUT_LABELS,
  UNIT_LABEL_LAYOUTS,
  type UnitLabelLayout,
} from '@karya/domain/complaint-schemas';
import type { InstalledUnit } from '@karya/domain/warranty-schemas';
import { useQuery } from '@tanstack/react-query';
import { QrCode } from 'lucide-react';
import { useId, useState } from 'react';
import { ApiError, apiRequest, errorMessage, NETWORK_ERROR_MESSAGE } from '../lib/api-client';
import { apiUrl } from '../lib/api-url';
import { CACHE_FIRST } from '../lib/cache-first';
import { useSessionUser } from '../lib/use-session-user';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

/** A unit a label can be printed for: its serial, and its product when the screen knows it. */
export interface LabelUnit {
  serialNumber: string;
  productName?: string;
}

export const PRINT_LABELS = 'Print QR labels';

/** The name the server gives the file, else one of the same shape. */
function fileNameOf(response: Response, layout: UnitLabelLayout): string {
  const given = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return given?.[1] ?? `qr-labels-${layout}.pdf`;
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * GET /api/unit-labels?serials=…&layout=… with the session cookie, saved as the PDF the
 * server names. A refusal rejects with the server's message.
 */
export async function downloadUnitLabels(
  serials: readonly string[],
  layout: UnitLabelLayout,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(apiUrl('/unit-labels', { serials: serials.join(','), layout }), {
      credentials: 'include',
      headers: { Accept: 'application/pdf' },
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message || NETWORK_ERROR_MESSAGE);
  }
  save(await response.blob(), fileNameOf(response, layout));
}

/**
 * 'Print QR labels' (issue 37) for the units a screen lists: admins and managers only (a
 * technician sees nothing). Opens the dialog that picks the layout and the units.
 */
export function PrintLabelsButton({
  units,
  size = 'sm',
}: {
  units: readonly LabelUnit[];
  size?: 'sm' | 'md';
}) {
  const { role } = useSessionUser();
  const [open, setOpen] = useState(false);
  if (role !== 'admin' && role !== 'manager') return null;
  if (units.length === 0) return null;
  return (
    <>
      <Button
        variant="secondary"
        size={size}
        icon={<QrCode aria-hidden="true" className="size-4" />}
        onClick={() => setOpen(true)}
      >
        {PRINT_LABELS}
      </Button>
      {open ? <UnitLabelsDialog units={units} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * The sticker sheet: a layout (an A4 sheet of 2 × 5 or 3 × 8, or a single label) and the
 * units, all ticked at first, then the server's PDF. Each label carries the business's name
 * and phone, the product, the serial and the QR code of the unit's page.
 */
export function UnitLabelsDialog({
  units,
  onClose,
}: {
  units: readonly LabelUnit[];
  onClose: () => void;
}) {
  const [layout, setLayout] = useState<UnitLabelLayout>(units.length === 1 ? 'single' : '2x5');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(
    () => new Set(units.map((unit) => unit.serialNumber)),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const layoutName = useId();
  const chosen = units.filter((unit) => ticked.has(unit.serialNumber));

  function toggle(serial: string) {
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(serial)) next.delete(serial);
      else next.add(serial);
      return next;
    });
  }

  async function download() {
    if (chosen.length === 0) {
      setError(COMPLAINT_MESSAGES.serialsRequired);
      return;
    }
    if (chosen.length > MAX_LABELS) {
      setError(COMPLAINT_MESSAGES.tooManySerials);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await downloadUnitLabels(
        chosen.map((unit) => unit.serialNumber),
        layout,
      );
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'The labels could not be made. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const allTicked = ticked.size === units.length;
  return (
    <Modal
      open
      onClose={onClose}
      title={PRINT_LABELS}
      description="Each label has your business's name and phone, the product, the serial and a QR code the customer scans to raise a complaint."
      size="md"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={download} loading={busy} loadingText="Preparing labels...">
            {chosen.length === 1 ? 'Download 1 label' : `Download ${chosen.length} labels`}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        {error ? <Alert>{error}</Alert> : null}
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">Layout</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {UNIT_LABEL_LAYOUTS.map((option) => (
              <label
                key={option}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 has-checked:border-blue-600 has-checked:bg-blue-50"
              >
                <input
                  type="radio"
                  name={layoutName}
                  value={option}
                  checked={layout === option}
                  onChange={() => setLayout(option)}
                  className="size-4 accent-blue-600"
                />
                {UNIT_LABEL_LAYOUT_LABELS[option]}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <div className="mb-2 flex items-center justify-between gap-3">
            <legend className="text-sm font-semibold text-slate-900">
              Units ({chosen.length} of {units.length})
            </legend>
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                setTicked(allTicked ? new Set() : new Set(units.map((unit) => unit.serialNumber)))
              }
            >
              {allTicked ? 'Untick all' : 'Tick all'}
            </Button>
          </div>
          <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
            {units.map((unit) => (
              <li key={unit.serialNumber}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    checked={ticked.has(unit.serialNumber)}
                    onChange={() => toggle(unit.serialNumber)}
                    className="size-4 shrink-0 accent-blue-600"
                  />
                  <span className="min-w-0">
                    <span className="block font-mono break-all text-slate-900">
                      {unit.serialNumber}
                    </span>
                    {unit.productName ? (
                      <span className="block text-xs text-slate-500">{unit.productName}</span>
                    ) : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </div>
    </Modal>
  );
}

/**
 * Project Details' 'Print QR labels': the units installed on this order (its readable id),
 * read from the customer's installed units; nothing while they load or when it has none.
 */
export function OrderLabelsButton({
  customerId,
  orderId,
}: {
  customerId: string;
  orderId: string;
}) {
  const { role } = useSessionUser();
  const desk = role === 'admin' || role === 'manager';
  const units = useInstalledUnits(desk, customerId);
  const installed = (units ?? []).filter((unit) => unit.workOrderId === orderId);
  if (!desk || installed.length === 0) return null;
  return <PrintLabelsButton units={installed} size="md" />;
}

/**
 * GET /get-installed-units?customerId=: the warranty area's query (the same key, so Installed
 * Products and Project Details share one answer), asked only for whom the labels are.
 */
function useInstalledUnits(enabled: boolean, customerId: string): InstalledUnit[] | undefined {
  const query = useQuery({
    queryKey: ['warranty', 'installed', customerId] as const,
    queryFn: ({ signal }) =>
      apiRequest<InstalledUnit[]>('GET', '/get-installed-units', undefined, {
        query: { customerId },
        ...(signal ? { signal } : {}),
      }),
    enabled: enabled && customerId !== '',
    ...CACHE_FIRST,
  });
  return query.data;
}
