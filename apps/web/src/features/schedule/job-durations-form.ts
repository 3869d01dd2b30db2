import {
  type DefaultDuration,
  MAX_DEFAULT_MINUTES,
  MIN_DEFAULT_MINUTES,
} from '@karya/domain/job-durations';
import type { DurationChange } from './api/save-default-durations';

/** A cell of the table: a project type and category. */
export const cellKey = (row: { projectType: string; projectCategory: string }) =>
  `${row.projectType}|${row.projectCategory}`;

/** What the inputs hold, by cell: the minutes as typed. */
export type DurationValues = Record<string, string>;

export function valuesOf(table: readonly DefaultDuration[]): DurationValues {
  return Object.fromEntries(table.map((row) => [cellKey(row), String(row.minutes)]));
}

export const MINUTES_HINT = `${MIN_DEFAULT_MINUTES} to ${MAX_DEFAULT_MINUTES} minutes`;

/** A typed value's whole minutes, or null when it is not 5..1440 whole minutes. */
export function minutesOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  return minutes >= MIN_DEFAULT_MINUTES && minutes <= MAX_DEFAULT_MINUTES ? minutes : null;
}

/**
 * The rows to send: only the cells whose minutes differ from the table as loaded, so a pair
 * nobody touched keeps following the standard rule. Or, per cell, what to fix.
 */
export function changesOf(
  table: readonly DefaultDuration[],
  values: DurationValues,
): { changes: DurationChange[] } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const changes: DurationChange[] = [];
  for (const row of table) {
    const key = cellKey(row);
    const minutes = minutesOf(values[key] ?? '');
    if (minutes === null) errors[key] = MINUTES_HINT;
    else if (minutes !== row.minutes)
      changes.push({
        projectType: row.projectType,
        projectCategory: row.projectCategory,
        minutes,
      });
  }
  return Object.keys(errors).length > 0 ? { errors } : { changes };
}
