import { formatQuantities, formatQuantity } from '@karya/domain/quantity';
import { fullName } from '@karya/domain/user';
import { ArrowLeft, Camera, Check, Package, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { cx } from '../../lib/class-names';
import { useBranchInventory } from '../../shared/get-inventory-by-type';
import { useTechnicians } from '../../shared/get-technicians';
import { Alert } from '../../ui/alert';
import { BarcodeScanner } from '../../ui/barcode-scanner';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Input } from '../../ui/input';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { SearchInput } from '../../ui/search-input';
import { SelectField } from '../../ui/select-field';
import { Loading } from '../../ui/spinner';
import { useAssignInventory } from './api/assign-inventory';
import { checkSerial } from './api/check-serial';
import type { BranchStockItem } from './assignment-selection';
import {
  addGeneric,
  availableUnits,
  findSerialInStock,
  isSerialSelected,
  ASSIGNMENT_MESSAGES as M,
  type SelectedLine,
  selectedQuantities,
  serialLine,
  setGenericQuantity,
} from './assignment-selection';

interface AssignInventoryModalProps {
  open: boolean;
  onClose: () => void;
  /** Given from the technicians list; without it the manager picks one of the branch. */
  technicianId?: string;
}

/**
 * Spec 1 §2.7 and §4: branch stock → a technician of the manager's branch. Items are
 * collected first (search, serial entry or camera scan), then checked on a verification
 * step, then assigned with one call per serial and one per generic item.
 */
export function AssignInventoryModal(props: AssignInventoryModalProps) {
  // Mounted only while open, so every opening starts with an empty selection.
  return props.open ? <AssignInventoryDialog {...props} /> : null;
}

function AssignInventoryDialog({ onClose, technicianId }: AssignInventoryModalProps) {
  const notify = useNotify();
  const technicians = useTechnicians('manager', null);
  // The manager's own branch: the same cached lists as the Inventory page.
  const serialized = useBranchInventory('serialized-product', null);
  const generic = useBranchInventory('generic-product', null);
  const assign = useAssignInventory();

  const [chosenTechnician, setChosenTechnician] = useState(technicianId ?? '');
  const [lines, setLines] = useState<SelectedLine[]>([]);
  const [step, setStep] = useState<'select' | 'verify'>('select');
  const [error, setError] = useState<string | null>(null);

  const stock = useMemo(
    () => [...(serialized.data ?? []), ...(generic.data ?? [])],
    [serialized.data, generic.data],
  );
  const technician = (technicians.data ?? []).find((t) => t._id === chosenTechnician);
  const technicianName = technician ? fullName(technician) : '';
  const stockFailure = serialized.error ?? generic.error;
  const stockLoading = (serialized.isPending || generic.isPending) && !stockFailure;

  const proceed = () => {
    if (!chosenTechnician) return setError(M.selectTechnician);
    if (lines.length === 0) return setError(M.noItems);
    setError(null);
    setStep('verify');
  };

  const confirm = async () => {
    setError(null);
    try {
      await assign.mutateAsync({
        lines: lines.map((line) => ({
          key: line.key,
          body: {
            technicianId: chosenTechnician,
            type: line.item.type,
            itemId: line.item._id,
            serialNumber: line.kind === 'serial' ? line.serialNumber : null,
            quantity: line.kind === 'serial' ? 1 : line.quantity,
          },
        })),
        onAssigned: (key) => setLines((current) => current.filter((l) => l.key !== key)),
      });
      // Spec 1 §8 names the plain notice for the technicians list, where the technician is
      // already in view; spec 2 §8 adds the name when the manager picked them here.
      notify.success(
        technicianId || !technicianName
          ? 'Inventory assigned successfully'
          : `Inventory successfully assigned to ${technicianName}`,
      );
      onClose();
    } catch (failure) {
      // Lines that went through are gone from the list; what is left can be retried.
      setError(errorMessage(failure, 'Failed to assign inventory'));
    }
  };

  const busy = assign.isPending;
  return (
    <Modal
      open
      onClose={onClose}
      title="Assign Inventory"
      description={
        step === 'verify'
          ? 'Check the items before assigning them.'
          : technicianId && technicianName
            ? `To ${technicianName}`
            : 'Select items from the branch stock.'
      }
      size="xl"
      dismissible={!busy}
      footer={
        step === 'select' ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={proceed}>Proceed to Verification</Button>
          </>
        ) : (
          <>
            <Button
              variant="secondary"
              icon={<ArrowLeft aria-hidden="true" className="size-4" />}
              onClick={() => {
                setError(null);
                setStep('select');
              }}
              disabled={busy}
            >
              Back
            </Button>
            <Button
              icon={<Check aria-hidden="true" className="size-4" />}
              onClick={() => void confirm()}
              loading={busy}
              loadingText="Assigning..."
              disabled={lines.length === 0}
            >
              Confirm Assignment
            </Button>
          </>
        )
      }
    >
      {error ? <Alert className="mb-4">{error}</Alert> : null}
      {step === 'verify' ? (
        <Verification technicianName={technicianName} lines={lines} />
      ) : (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
          <div className="min-w-0 space-y-4">
            {technicianId ? null : (
              <SelectField
                label="Technician"
                placeholder="Select a technician"
                options={(technicians.data ?? [])
                  .filter((t) => t.status === 'active' || t._id === chosenTechnician)
                  .map((t) => ({ value: t._id, label: `${fullName(t)} (${t.username})` }))}
                value={chosenTechnician}
                onChange={(event) => {
                  setChosenTechnician(event.target.value);
                  setError(null);
                }}
              />
            )}
            {stockFailure && stock.length === 0 ? (
              <Alert>
                {stockFailure instanceof ApiError && stockFailure.isNetworkError
                  ? M.productsServerError
                  : M.productsFailed}
              </Alert>
            ) : stockLoading ? (
              <Loading label="Loading products..." />
            ) : (
              <ItemPicker
                stock={stock}
                lines={lines}
                onLines={(next) => {
                  setLines(next);
                  setError(null);
                }}
                onError={setError}
              />
            )}
          </div>
          <SelectedItems
            lines={lines}
            onLines={setLines}
            onError={setError}
            technicianName={technicianName}
          />
        </div>
      )}
    </Modal>
  );
}

/** Serial entry and scan, and the product search over the branch stock. */
function ItemPicker({
  stock,
  lines,
  onLines,
  onError,
}: {
  stock: BranchStockItem[];
  lines: SelectedLine[];
  onLines: (lines: SelectedLine[]) => void;
  onError: (message: string | null) => void;
}) {
  const [serial, setSerial] = useState('');
  const [checking, setChecking] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [search, setSearch] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState('1');

  const inStock = stock.filter((item) => availableUnits(item) > 0);
  const term = search.trim().toLowerCase();
  const matches = inStock.filter(
    (item) =>
      !term || item.name.toLowerCase().includes(term) || item.id.toLowerCase().includes(term),
  );
  const active = inStock.find((item) => item._id === activeId);

  /** Branch stock is known on screen; the server tells apart unknown serials from elsewhere. */
  const addSerial = async (raw: string) => {
    const value = raw.trim();
    if (!value) return onError(M.serialRequired);
    if (isSerialSelected(lines, value)) return onError(M.serialAlreadyAdded);
    const owner = findSerialInStock(stock, value);
    if (owner) {
      onLines([...lines, serialLine(owner, value)]);
      setSerial('');
      return;
    }
    setChecking(true);
    try {
      const answer = await checkSerial(value);
      onError(answer.exists ? M.serialNotInInventory : M.productNotFound);
    } catch {
      onError(M.serialCheckFailed);
    } finally {
      setChecking(false);
    }
  };

  const onSerialSubmit = (event: FormEvent) => {
    event.preventDefault();
    void addSerial(serial);
  };

  const addActiveGeneric = () => {
    if (!active) return;
    const result = addGeneric(lines, active, Number(quantity));
    onLines(result.lines);
    if (result.error) onError(result.error);
    else setQuantity('1');
  };

  return (
    <div className="space-y-4">
      <form onSubmit={onSerialSubmit} className="space-y-2">
        <label htmlFor="assign-serial" className="block text-sm font-medium text-slate-700">
          Serial Number
        </label>
        <div className="flex gap-2">
          <Input
            id="assign-serial"
            value={serial}
            onChange={(event) => {
              setSerial(event.target.value);
              // A serial message goes as soon as the serial is being corrected (issue 15 §10).
              onError(null);
            }}
            placeholder="Enter or scan serial number"
            autoComplete="off"
          />
          <Button
            type="submit"
            variant="secondary"
            loading={checking}
            icon={<Plus aria-hidden="true" className="size-4" />}
          >
            Add
          </Button>
          <Button
            variant="secondary"
            icon={<Camera aria-hidden="true" className="size-4" />}
            onClick={() => setScanning((on) => !on)}
            aria-pressed={scanning}
          >
            Scan
          </Button>
        </div>
        {scanning ? (
          <BarcodeScanner
            onCancel={() => setScanning(false)}
            onDetected={(value) => {
              setScanning(false);
              setSerial(value);
              void addSerial(value);
            }}
          />
        ) : null}
      </form>

      <div className="space-y-2">
        <SearchInput
          value={search}
          onChange={setSearch}
          placeholder="Search products..."
          label="Search products"
        />
        <div className="max-h-64 overflow-y-auto rounded-lg border border-slate-200">
          {matches.length === 0 ? (
            <p className="p-4 text-center text-sm text-slate-500">
              {inStock.length === 0 ? 'No products in branch stock' : 'No products found'}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {matches.map((item) => (
                <li key={item._id}>
                  <button
                    type="button"
                    aria-pressed={item._id === activeId}
                    onClick={() => {
                      setActiveId((current) => (current === item._id ? null : item._id));
                      setQuantity('1');
                    }}
                    className={cx(
                      'flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50',
                      item._id === activeId && 'bg-blue-50',
                    )}
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900">{item.name}</span>
                      <span className="block text-xs text-slate-500">
                        {item.id} · {item.type === 'serialized-product' ? 'Serialized' : 'Generic'}
                      </span>
                    </span>
                    <span className="shrink-0 text-xs text-slate-600">
                      {formatQuantity(availableUnits(item), item.unit)} in stock
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      {active ? (
        <div className="rounded-lg border border-blue-200 bg-blue-50/50 p-3">
          <p className="text-sm font-medium text-slate-900">{active.name}</p>
          {active.type === 'serialized-product' ? (
            <SerialChoices
              item={active}
              lines={lines}
              onPick={(value) => onLines([...lines, serialLine(active, value)])}
            />
          ) : (
            <div className="mt-2 flex items-end gap-2">
              <div className="w-32">
                <label
                  htmlFor="assign-quantity"
                  className="mb-1 block text-xs font-medium text-slate-600"
                >
                  Quantity ({active.unit || 'Piece'})
                </label>
                <Input
                  id="assign-quantity"
                  type="number"
                  min={1}
                  max={availableUnits(active)}
                  value={quantity}
                  onChange={(event) => {
                    setQuantity(event.target.value);
                    onError(null);
                  }}
                />
              </div>
              <Button
                variant="secondary"
                icon={<Plus aria-hidden="true" className="size-4" />}
                onClick={addActiveGeneric}
              >
                Add
              </Button>
              <span className="pb-2.5 text-xs text-slate-500">
                {formatQuantity(availableUnits(active), active.unit)} available
              </span>
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** The serials of one product still in branch stock and not yet selected, to pick by click. */
function SerialChoices({
  item,
  lines,
  onPick,
}: {
  item: BranchStockItem;
  lines: SelectedLine[];
  onPick: (serial: string) => void;
}) {
  const free = item.stock
    .map((entry) => entry.serialNumber ?? '')
    .filter((serial) => serial && !isSerialSelected(lines, serial));
  return (
    <div className="mt-2">
      <p className="text-xs text-slate-600">
        Enter or scan a serial number above, or pick one of the available serials:
      </p>
      {free.length === 0 ? (
        <p className="mt-2 text-xs text-slate-500">All available serials are selected.</p>
      ) : (
        <ul className="mt-2 flex max-h-32 flex-wrap gap-1.5 overflow-y-auto">
          {free.map((serial) => (
            <li key={serial}>
              <button
                type="button"
                onClick={() => onPick(serial)}
                className="rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-xs text-slate-700 hover:border-blue-400 hover:text-blue-700"
              >
                + {serial}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SelectedItems({
  lines,
  onLines,
  onError,
  technicianName,
}: {
  lines: SelectedLine[];
  onLines: (lines: SelectedLine[]) => void;
  onError: (message: string | null) => void;
  technicianName: string;
}) {
  return (
    <section
      aria-label="Selected items"
      className="flex min-h-48 flex-col rounded-lg border border-slate-200"
    >
      <header className="flex items-center justify-between border-b border-slate-200 bg-slate-50 px-3 py-2">
        <h3 className="text-sm font-semibold text-slate-900">Selected Items ({lines.length})</h3>
        <span className="text-xs text-slate-500">
          {formatQuantities(selectedQuantities(lines))}
        </span>
      </header>
      {technicianName ? (
        <p className="border-b border-slate-100 px-3 py-2 text-xs text-slate-600">
          Assigning to <span className="font-medium text-slate-900">{technicianName}</span>
        </p>
      ) : null}
      {lines.length === 0 ? (
        <EmptyState icon={Package} title="No items selected" />
      ) : (
        <ul className="divide-y divide-slate-100 overflow-y-auto">
          {lines.map((line) => (
            <li key={line.key} className="flex items-center gap-2 px-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{line.item.name}</p>
                <p className="truncate text-xs text-slate-500">
                  {line.kind === 'serial'
                    ? `S/N: ${line.serialNumber}`
                    : `${formatQuantity(availableUnits(line.item), line.item.unit)} available`}
                </p>
              </div>
              {line.kind === 'generic' ? (
                <div className="w-20 shrink-0">
                  <Input
                    type="number"
                    aria-label={`Quantity of ${line.item.name}`}
                    min={0}
                    max={availableUnits(line.item)}
                    value={line.quantity}
                    onChange={(event) => {
                      // A field cleared while typing is not yet a quantity of 0.
                      if (event.target.value === '') return;
                      const result = setGenericQuantity(
                        lines,
                        line.item,
                        Number(event.target.value),
                      );
                      onLines(result.lines);
                      onError(result.error ?? null);
                    }}
                    className="h-8"
                  />
                </div>
              ) : null}
              <button
                type="button"
                aria-label={`Remove ${line.kind === 'serial' ? line.serialNumber : line.item.name}`}
                onClick={() => onLines(lines.filter((l) => l.key !== line.key))}
                className="rounded p-1 text-slate-400 hover:bg-red-50 hover:text-red-600"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Verification({
  technicianName,
  lines,
}: {
  technicianName: string;
  lines: SelectedLine[];
}) {
  return (
    <div className="space-y-4">
      <dl className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Technician</dt>
          <dd className="font-medium text-slate-900">{technicianName || '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Items</dt>
          <dd className="font-medium text-slate-900">{lines.length}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Total units</dt>
          <dd className="font-medium text-slate-900">
            {formatQuantities(selectedQuantities(lines))}
          </dd>
        </div>
      </dl>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table
          aria-label="Items to assign"
          className="min-w-full divide-y divide-slate-200 text-sm"
        >
          <thead className="bg-slate-50">
            <tr>
              {['Item', 'Type', 'Serial Number', 'Quantity'].map((column) => (
                <th
                  key={column}
                  scope="col"
                  className="px-4 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase"
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lines.map((line) => (
              <tr key={line.key}>
                <td className="px-4 py-2">
                  <p className="font-medium text-slate-900">{line.item.name}</p>
                  <p className="text-xs text-slate-500">{line.item.id}</p>
                </td>
                <td className="px-4 py-2 text-slate-700">
                  {line.kind === 'serial' ? 'Serialized' : 'Generic'}
                </td>
                <td className="px-4 py-2 font-mono text-xs text-slate-700">
                  {line.kind === 'serial' ? line.serialNumber : '—'}
                </td>
                <td className="px-4 py-2 text-slate-700">
                  {formatQuantity(line.kind === 'serial' ? 1 : line.quantity, line.item.unit)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
