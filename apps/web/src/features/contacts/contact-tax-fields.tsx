import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SELECT_STATE, STATE_OPTIONS } from '../../shared/state-options';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';

interface TaxValues {
  stateCode: string;
  gstin: string;
}

/**
 * The state of a contact's address (where goods are installed: the invoice's place of
 * supply) and a business customer's GSTIN, for the add and edit forms (issue 19).
 */
export function ContactTaxFields<T extends TaxValues>({
  register,
  errors,
  disabled = false,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  disabled?: boolean;
}) {
  // The two names exist on every form that renders this; the generic hides that from TS.
  const reg = register as unknown as UseFormRegister<TaxValues>;
  const errs = errors as FieldErrors<TaxValues>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label="State"
        placeholder={SELECT_STATE}
        options={STATE_OPTIONS}
        error={errs.stateCode?.message}
        disabled={disabled}
        {...reg('stateCode')}
      />
      <TextField
        label="GSTIN (for business customers)"
        placeholder="e.g. 27AAPFU0939F1ZV"
        autoComplete="off"
        maxLength={15}
        className="[&_input]:uppercase"
        error={errs.gstin?.message}
        disabled={disabled}
        {...reg('gstin')}
      />
    </div>
  );
}
