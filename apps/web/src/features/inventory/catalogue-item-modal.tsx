import type { CatalogueItem } from '@karya/domain/inventory-answers';
import { INVENTORY_MESSAGES } from '@karya/domain/inventory-schemas';
import type { GstRate } from '@karya/domain/invoice-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import { useGstRates } from '../../shared/gst-rates';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useCreateInventory } from './api/create-inventory';
import { useUpdateInventory } from './api/update-inventory';
import {
  bodyOf,
  type CatalogueItemValues,
  firstProblem,
  hsnSacLabel,
  NEW_ITEM_VALUES,
  newItemId,
  valuesOf,
} from './catalogue-item-form';
import { TYPE_LABELS, UNIT_OPTIONS, WARRANTY_OPTIONS } from './inventory-constants';

const TYPE_OPTIONS = Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }));
const UNIT_CHOICES = UNIT_OPTIONS.map((unit) => ({ value: unit, label: unit }));
const WARRANTY_CHOICES = WARRANTY_OPTIONS.map((text) => ({ value: text, label: text }));

/**
 * Spec 2 §2 'Add New Inventory Item' / 'Edit Item: {name}'. Type is fixed once created, and
 * so is the name (spec 2 §4); services need only a name and a sale price.
 */
export function CatalogueItemModal({
  item,
  onClose,
}: {
  /** Absent: add a new item. */
  item?: CatalogueItem;
  onClose: () => void;
}) {
  const editing = item !== undefined;
  const notify = useNotify();
  const createItem = useCreateInventory();
  const updateItem = useUpdateInventory(item?._id ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, watch, formState } = useForm<CatalogueItemValues>({
    defaultValues: item ? valuesOf(item) : NEW_ITEM_VALUES,
  });
  const type = watch('type');
  const service = type === 'service';
  const gstRates = useGstRates();
  const rateOptions = rateChoices(gstRates.data, item?.gstRate ?? null);

  const onSubmit = handleSubmit(async (values) => {
    const body = bodyOf(values, item?.id ?? newItemId());
    const invalid = firstProblem(body, editing);
    setProblem(invalid);
    if (invalid) return;
    try {
      if (editing) await updateItem.mutateAsync(body);
      else await createItem.mutateAsync(body);
      notify.success(editing ? INVENTORY_MESSAGES.itemUpdated : INVENTORY_MESSAGES.itemAdded);
      onClose();
    } catch (error) {
      setProblem(
        errorMessage(error, editing ? 'Failed to update item' : 'Failed to add inventory item'),
      );
    }
  });

  const saving = formState.isSubmitting;
  const formId = editing ? 'edit-inventory-item-form' : 'add-inventory-item-form';

  return (
    <Modal
      open
      onClose={onClose}
      title={editing ? `Edit Item: ${item.name}` : 'Add New Inventory Item'}
      size="lg"
      dismissible={!saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving} loadingText="Saving...">
            {editing ? 'Update Item' : 'Add Item'}
          </Button>
        </>
      }
    >
      {/* Spec 2 §9: the item dialog is at most 600 px high; its fields scroll. */}
      <form
        id={formId}
        onSubmit={onSubmit}
        noValidate
        className="max-h-[600px] space-y-4 overflow-y-auto"
      >
        {problem ? <Alert>{problem}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Item Type"
            options={TYPE_OPTIONS}
            disabled={editing}
            {...register('type')}
          />
          <TextField
            label="Item Name*"
            placeholder="Enter item name"
            disabled={editing}
            hint={editing && !service ? INVENTORY_MESSAGES.nameFixed : undefined}
            {...register('name')}
          />
          {service ? null : (
            <>
              <SelectField label="Unit" options={UNIT_CHOICES} {...register('unit')} />
              <SelectField label="Warranty" options={WARRANTY_CHOICES} {...register('warranty')} />
              <TextField
                label="MRP (₹)*"
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                placeholder="0.00"
                {...register('mrp')}
              />
              <TextField
                label="Purchase Price (₹)*"
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                placeholder="0.00"
                {...register('purchasePrice')}
              />
            </>
          )}
          <TextField
            label="Sale Price (₹)*"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder="0.00"
            {...register('salePrice')}
          />
        </div>
        <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium text-slate-700">GST</legend>
          <TextField
            label={hsnSacLabel(type)}
            placeholder={service ? 'e.g. 998717' : 'e.g. 85258900'}
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            hint="Leave blank if not known yet: invoices then say 'HSN/SAC not set'."
            {...register('hsnSac')}
          />
          <SelectField
            label="GST rate"
            placeholder="Not set"
            options={rateOptions}
            disabled={gstRates.isPending && rateOptions.length === 0}
            error={gstRates.isError ? 'Could not load the GST rates' : undefined}
            {...register('gstRate')}
          />
          <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
            <input type="checkbox" className="accent-blue-600" {...register('priceIncludesTax')} />
            Price includes GST
          </label>
        </fieldset>
      </form>
    </Modal>
  );
}

/**
 * The active slabs, and the item's own rate when it is no longer one of them, so the form
 * shows what the item carries (saving it then tells the admin which rates are allowed).
 */
function rateChoices(rates: readonly GstRate[] | undefined, current: number | null) {
  const choices = (rates ?? []).map((rate) => ({ value: String(rate.rate), label: rate.label }));
  if (current !== null && !choices.some((choice) => choice.value === String(current)))
    choices.push({ value: String(current), label: `${current}% (no longer offered)` });
  return choices;
}
