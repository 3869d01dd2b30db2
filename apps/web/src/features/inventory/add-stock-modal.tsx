import { formatDate } from '@karya/domain/format';
import type { BranchInventoryItem } from '@karya/domain/inventory-answers';
import { INVENTORY_MESSAGES } from '@karya/domain/inventory-schemas';
import { formatQuantity } from '@karya/domain/quantity';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { inventoryKeys } from '../../shared/inventory-keys';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Input } from '../../ui/input';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { TextField } from '../../ui/text-field';
import { type AddStockBody, addStock } from './api/add-stock';
import { checkSerial } from './api/check-serial';
import { SerialEntryRow } from './serial-entry-row';
import {
  checkingSerials,
  currentProblem,
  duplicateKeys,
  type GenericRow,
  hasGenericInput,
  hasSerialInput,
  prepareGeneric,
  prepareSerials,
  quantityOf,
  type SerialRow,
  type ServerCheck,
  serialStatus,
  today,
} from './stock-entry-rules';

type Step = 'enter' | 'confirm';

let nextKey = 1;
const newSerialRow = (): SerialRow => ({ key: nextKey++, serial: '' });
const newGenericRow = (): GenericRow => ({
  key: nextKey++,
  quantity: '',
  date: today(),
  remark: '',
});

/**
 * Spec 2 §2 'Stock entry' (managers): enter, 'Prepare to Save', confirm, save. Entries go to
 * the server one by one and each saved one leaves the form, so a failure part-way keeps
 * exactly what still has to be saved.
 */
export function AddStockModal({
  item,
  onClose,
}: {
  item: BranchInventoryItem;
  onClose: () => void;
}) {
  const serialized = item.type === 'serialized-product';
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('enter');
  const [serialRows, setSerialRows] = useState<SerialRow[]>(() => [newSerialRow()]);
  const [sharedRemark, setSharedRemark] = useState('');
  const [genericRows, setGenericRows] = useState<GenericRow[]>(() => [newGenericRow()]);
  const [checks, setChecks] = useState<Record<string, ServerCheck>>({});
  /** A failed save's message. */
  const [problem, setProblem] = useState<string | null>(null);
  /** What 'Prepare to Save' refused, shown only while it still holds (currentProblem). */
  const [refused, setRefused] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const checksRef = useRef(checks);
  checksRef.current = checks;

  useEffect(() => {
    if (focusKey === null) return;
    inputs.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const runCheck = useCallback(async (serial: string) => {
    const known = checksRef.current[serial];
    if (known && known.state !== 'failed') return;
    setChecks((current) => ({ ...current, [serial]: { state: 'checking' } }));
    let result: ServerCheck;
    try {
      const answer = await checkSerial(serial);
      result = answer.exists
        ? { state: 'exists', itemName: answer.item?.name ?? answer.item?.id ?? '' }
        : { state: 'free' };
    } catch {
      result = { state: 'failed' };
    }
    setChecks((current) => ({ ...current, [serial]: result }));
  }, []);

  const duplicates = duplicateKeys(serialRows);
  const unsaved = serialized
    ? hasSerialInput(serialRows, sharedRemark)
    : hasGenericInput(genericRows);

  const requestClose = () => {
    if (saving) return;
    if (unsaved) setAskingToDiscard(true);
    else onClose();
  };

  const addSerialRow = () => {
    const row = newSerialRow();
    setSerialRows((rows) => [...rows, row]);
    setFocusKey(row.key);
  };

  /** Enter moves to the next row, adding one at the end (a scanner types, then Enter). */
  const afterEnter = (key: number) => {
    const index = serialRows.findIndex((row) => row.key === key);
    const next = serialRows[index + 1];
    if (next) setFocusKey(next.key);
    else addSerialRow();
  };

  const prepared = serialized
    ? prepareSerials(serialRows, checks, sharedRemark)
    : prepareGeneric(genericRows);

  const shownProblem = problem ?? currentProblem(refused, prepared);
  const checking = serialized && checkingSerials(serialRows, checks);

  const prepare = () => {
    if (!prepared.ok) {
      setRefused(prepared.problem);
      return;
    }
    setRefused(null);
    setProblem(null);
    setStep('confirm');
  };

  const bodies = (): Array<{ key: number; body: AddStockBody }> => {
    if (!prepared.ok) return [];
    if (serialized)
      return (prepared.entries as SerialRow[]).map((row) => ({
        key: row.key,
        body: {
          itemId: item._id,
          serialNumber: row.serial.trim(),
          quantity: 1,
          date: today(),
          remark: sharedRemark.trim(),
        },
      }));
    return (prepared.entries as GenericRow[]).map((row) => ({
      key: row.key,
      body: {
        itemId: item._id,
        serialNumber: null,
        quantity: quantityOf(row),
        date: row.date || today(),
        remark: row.remark.trim(),
      },
    }));
  };

  const entries = bodies();
  const totalQuantity = entries.reduce((sum, entry) => sum + entry.body.quantity, 0);

  const save = async () => {
    setSaving(true);
    setProblem(null);
    let failure: string | null = null;
    for (const { key, body } of entries) {
      try {
        await addStock(body);
      } catch (error) {
        failure = errorMessage(error, 'Failed to add stock');
        // The serial may have been stocked meanwhile: ask again so its row tells why.
        if (body.serialNumber) {
          const { [body.serialNumber]: _stale, ...rest } = checksRef.current;
          checksRef.current = rest;
          void runCheck(body.serialNumber);
        }
        break;
      }
      // Saved: it leaves the form so a retry cannot send it twice.
      if (serialized) {
        setSerialRows((rows) => rows.filter((row) => row.key !== key));
        const serial = body.serialNumber ?? '';
        setChecks((current) => ({
          ...current,
          [serial]: { state: 'exists', itemName: item.name },
        }));
      } else setGenericRows((rows) => rows.filter((row) => row.key !== key));
    }
    setSaving(false);
    void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    if (failure) {
      setProblem(failure);
      setSerialRows((rows) => (rows.length ? rows : [newSerialRow()]));
      setGenericRows((rows) => (rows.length ? rows : [newGenericRow()]));
      setStep('enter');
      return;
    }
    notify.success(INVENTORY_MESSAGES.stockAdded);
    onClose();
  };

  return (
    <>
      <Modal
        open
        onClose={requestClose}
        title={`Add Stock: ${item.name}`}
        description={`${serialized ? 'Serialized product' : 'Generic product'} · unit ${item.unit}`}
        size="lg"
        dismissible={!saving}
        footer={
          step === 'enter' ? (
            <>
              <Button variant="secondary" onClick={requestClose}>
                Cancel
              </Button>
              <Button onClick={prepare} loading={checking} loadingText="Checking serial numbers...">
                Prepare to Save
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={() => setStep('enter')} disabled={saving}>
                Back
              </Button>
              <Button onClick={() => void save()} loading={saving} loadingText="Saving...">
                Confirm & Save
              </Button>
            </>
          )
        }
      >
        {shownProblem ? <Alert className="mb-4">{shownProblem}</Alert> : null}
        {step === 'confirm' ? (
          <StockConfirmation
            serialized={serialized}
            unit={item.unit}
            entries={entries.map((entry) => entry.body)}
            totalQuantity={totalQuantity}
            skipped={
              (serialized
                ? serialRows.filter((row) => row.serial.trim()).length
                : genericRows.length) - entries.length
            }
          />
        ) : serialized ? (
          <div className="space-y-4">
            <div>
              <div className="mb-1 flex items-center justify-between">
                <h3 className="text-sm font-medium text-slate-700">Serial Numbers</h3>
                <Button
                  size="sm"
                  variant="secondary"
                  icon={<Plus aria-hidden="true" className="size-4" />}
                  onClick={addSerialRow}
                >
                  Add Serial
                </Button>
              </div>
              {/* Spec 2 §9: the entry list scrolls at 400 px. */}
              <ol className="max-h-[400px] divide-y divide-slate-100 overflow-y-auto pr-1">
                {serialRows.map((row, index) => (
                  <SerialEntryRow
                    key={row.key}
                    number={index + 1}
                    serial={row.serial}
                    status={serialStatus(row, duplicates, checks)}
                    inputRef={(element) => {
                      if (element) inputs.current.set(row.key, element);
                      else inputs.current.delete(row.key);
                    }}
                    onChange={(serial) =>
                      setSerialRows((rows) =>
                        rows.map((r) => (r.key === row.key ? { ...r, serial } : r)),
                      )
                    }
                    onCheck={runCheck}
                    onEnter={() => afterEnter(row.key)}
                    onRemove={
                      serialRows.length > 1
                        ? () => setSerialRows((rows) => rows.filter((r) => r.key !== row.key))
                        : null
                    }
                  />
                ))}
              </ol>
            </div>
            <TextField
              label="Remark*"
              placeholder="e.g. Purchase invoice number"
              value={sharedRemark}
              onChange={(event) => setSharedRemark(event.target.value)}
            />
          </div>
        ) : (
          <GenericEntries rows={genericRows} unit={item.unit} onChange={setGenericRows} />
        )}
      </Modal>
      <ConfirmDialog
        open={askingToDiscard}
        title="Discard Entries"
        message="You have unsaved stock entries. Are you sure you want to discard them?"
        confirmLabel="Discard"
        cancelLabel="Keep Editing"
        tone="danger"
        onConfirm={() => {
          setAskingToDiscard(false);
          onClose();
        }}
        onCancel={() => setAskingToDiscard(false)}
      />
    </>
  );
}

function GenericEntries({
  rows,
  unit,
  onChange,
}: {
  rows: GenericRow[];
  unit: string;
  onChange: (update: (rows: GenericRow[]) => GenericRow[]) => void;
}) {
  const edit = (key: number, patch: Partial<GenericRow>) =>
    onChange((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <div>
      <div className="mb-1 flex items-center justify-between">
        <h3 className="text-sm font-medium text-slate-700">Stock Entries</h3>
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus aria-hidden="true" className="size-4" />}
          onClick={() => onChange((current) => [...current, newGenericRow()])}
        >
          Add Entry
        </Button>
      </div>
      <ol className="max-h-[400px] divide-y divide-slate-100 overflow-y-auto pr-1">
        {rows.map((row, index) => (
          <li
            key={row.key}
            className="grid grid-cols-[1.5rem_7rem_10rem_1fr_2.5rem] items-center gap-2 py-2"
          >
            <span className="text-right text-sm text-slate-400">{index + 1}</span>
            <Input
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              aria-label={`Quantity ${index + 1} (${unit})`}
              placeholder={`Qty (${unit})`}
              value={row.quantity}
              onChange={(event) => edit(row.key, { quantity: event.target.value })}
            />
            <Input
              type="date"
              aria-label={`Date ${index + 1}`}
              value={row.date}
              onChange={(event) => edit(row.key, { date: event.target.value })}
            />
            <Input
              aria-label={`Remark ${index + 1}`}
              placeholder="Remark*"
              value={row.remark}
              onChange={(event) => edit(row.key, { remark: event.target.value })}
            />
            {rows.length > 1 ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove entry ${index + 1}`}
                icon={<Trash2 aria-hidden="true" className="size-4" />}
                onClick={() => onChange((current) => current.filter((r) => r.key !== row.key))}
              />
            ) : (
              <span />
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

function StockConfirmation({
  serialized,
  unit,
  entries,
  totalQuantity,
  skipped,
}: {
  serialized: boolean;
  unit: string;
  entries: AddStockBody[];
  totalQuantity: number;
  skipped: number;
}) {
  return (
    <div className="space-y-3 text-sm">
      <p className="text-slate-700">
        The following {entries.length === 1 ? 'entry' : `${entries.length} entries`} will be added
        to the branch stock ({formatQuantity(totalQuantity, unit)} in total):
      </p>
      {skipped > 0 ? (
        <Alert tone="warning">
          {serialized
            ? `${skipped} ${skipped === 1 ? 'serial number is' : 'serial numbers are'} not valid and will not be saved.`
            : `${skipped} ${skipped === 1 ? 'entry has' : 'entries have'} no quantity and will be left out.`}
        </Alert>
      ) : null}
      <div className="max-h-[400px] overflow-y-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200">
          <thead className="sticky top-0 bg-slate-50">
            <tr>
              {['#', serialized ? 'SERIAL NUMBER' : 'QUANTITY', 'DATE', 'REMARK'].map((c) => (
                <th
                  key={c}
                  scope="col"
                  className="px-3 py-2 text-left text-xs font-semibold text-slate-500"
                >
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map((entry, index) => (
              <tr key={entry.serialNumber ?? `${index}`}>
                <td className="px-3 py-2 text-slate-400">{index + 1}</td>
                <td className={`px-3 py-2 text-slate-900 ${serialized ? 'font-mono' : ''}`}>
                  {serialized ? entry.serialNumber : formatQuantity(entry.quantity, unit)}
                </td>
                <td className="px-3 py-2 text-slate-600">{formatDate(entry.date)}</td>
                <td className="px-3 py-2 text-slate-600">{entry.remark}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
