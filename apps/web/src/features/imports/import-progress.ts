/** One reading of GET /imports/{id}: how many rows were done at a moment (ms). */
export interface ProgressSample {
  done: number;
  at: number;
}

export interface ProgressFigures {
  /** 0–100, whole. */
  percent: number;
  /** Rows a second, or null until two readings apart in time say so. */
  rate: number | null;
  /** Seconds left at that rate, or null while the rate is unknown. */
  secondsLeft: number | null;
}

/**
 * The bar's figures from the readings so far. The rate is measured over the last readings
 * (up to `window`), not since the start: a page reloaded halfway has no start, and an import
 * that slowed down should say so.
 */
export function progressOf(
  samples: readonly ProgressSample[],
  total: number,
  window = 10,
): ProgressFigures {
  const last = samples.at(-1);
  const done = Math.min(last?.done ?? 0, total);
  const percent = total > 0 ? Math.floor((done / total) * 100) : 0;
  const recent = samples.slice(-window);
  const first = recent[0];
  if (!first || !last || last.at <= first.at || last.done <= first.done) {
    return { percent, rate: null, secondsLeft: done >= total && total > 0 ? 0 : null };
  }
  const rate = ((last.done - first.done) * 1000) / (last.at - first.at);
  return { percent, rate, secondsLeft: Math.ceil(Math.max(0, total - done) / rate) };
}

/** Adds a reading unless it says nothing new (the same count as the last one, again). */
export function withSample(samples: readonly ProgressSample[], sample: ProgressSample) {
  const last = samples.at(-1);
  if (last && last.done === sample.done) return samples;
  return [...samples.slice(-19), sample];
}

/** '2 min 5 s', '40 s', 'under a second'. */
export function durationText(seconds: number): string {
  if (seconds < 1) return 'under a second';
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** '1,240 rows/s'. */
export function rateText(rate: number): string {
  return `${Math.round(rate).toLocaleString('en-IN')} rows/s`;
}

/** A row count as the import screens show it: '12,40,000' (Indian grouping). */
export const count = (value: number) => value.toLocaleString('en-IN');
