import {
  REPORT_PRESET_LABELS,
  REPORT_PRESETS,
  type ReportPreset,
} from '@karya/domain/report-schemas';
import { useState } from 'react';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { presetOf, presetRange, type ReportDates } from './report-range';

const OPTIONS = REPORT_PRESETS.map((preset) => ({
  value: preset,
  label: REPORT_PRESET_LABELS[preset],
}));

/**
 * 'Range': a preset (Today … Last month) or Custom with its own From and To. The days are
 * India's, whatever the browser's time zone; the page keeps them in the address.
 */
export function RangePicker({
  range,
  today,
  onChange,
}: {
  range: ReportDates;
  today: string;
  onChange: (range: ReportDates) => void;
}) {
  const matched = presetOf(range, today);
  // Custom chosen on a range that happens to be a preset still shows its days to edit.
  const [customChosen, setCustomChosen] = useState(false);
  const preset: ReportPreset = customChosen ? 'custom' : matched;

  return (
    <>
      <SelectField
        label="Range"
        options={OPTIONS}
        value={preset}
        onChange={(event) => {
          const next = event.target.value as ReportPreset;
          setCustomChosen(next === 'custom');
          if (next !== 'custom') onChange(presetRange(next, today));
        }}
        className="w-full sm:w-40"
      />
      {preset === 'custom' ? (
        <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto">
          <TextField
            label="From"
            type="date"
            value={range.from}
            max={range.to || undefined}
            onChange={(event) => onChange({ ...range, from: event.target.value })}
            className="sm:w-40"
          />
          <TextField
            label="To"
            type="date"
            value={range.to}
            min={range.from || undefined}
            onChange={(event) => onChange({ ...range, to: event.target.value })}
            className="sm:w-40"
          />
        </div>
      ) : null}
    </>
  );
}
