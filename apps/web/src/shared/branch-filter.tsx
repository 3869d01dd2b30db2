import { SelectField } from '../ui/select-field';
import { useBranches } from './get-branches';

/** The admin's branch choice of a work-order list (?branch=); empty means every branch. */
export function BranchFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (value: string) => void;
}) {
  const branches = useBranches(true);
  return (
    <SelectField
      label="Branch"
      hideLabel
      placeholder="All Branches"
      options={(branches.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      className="w-full sm:w-56"
    />
  );
}
