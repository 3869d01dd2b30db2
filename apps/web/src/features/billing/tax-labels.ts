/** 'Maharashtra (27)': the state's name with its GST code, as Rule 46 asks. */
export const stateLabel = (state: { code: string; name: string } | null): string =>
  state ? `${state.name} (${state.code})` : '';

/** Percent as printed: 18 → '18%', 2.5 → '2.5%'. */
export const percentLabel = (rate: number): string => `${Number(rate.toFixed(3))}%`;
