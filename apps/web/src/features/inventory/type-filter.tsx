import { FilterGroup } from '../../ui/filter-group';
import { TYPE_FILTERS, type TypeFilter } from './inventory-constants';

/** All / Serialized / Generic / Services, as chips (catalogue) or tabs (branch inventory). */
export function TypeFilterChips({
  value,
  onChange,
  label,
  counts,
}: {
  value: TypeFilter;
  onChange: (value: TypeFilter) => void;
  label: string;
  counts?: Partial<Record<TypeFilter, number>>;
}) {
  return (
    <FilterGroup
      label={label}
      options={TYPE_FILTERS.map((option) => ({ ...option, count: counts?.[option.value] }))}
      value={value}
      onChange={onChange}
    />
  );
}
