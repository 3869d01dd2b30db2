import { INDIAN_STATES, stateName } from '@karya/domain/gst';

/** The states and union territories of a GST state picker, by name; the value is the code. */
export const STATE_OPTIONS: readonly { value: string; label: string }[] = INDIAN_STATES.map(
  (state) => ({ value: state.code, label: state.name }),
);

export const SELECT_STATE = 'Select state';

/** 'Maharashtra (27)' for a detail line, or the fallback when no state is set. */
export function stateLabel(code: string | null | undefined, fallback = 'Not set'): string {
  const name = stateName(code);
  return name ? `${name} (${code})` : fallback;
}
