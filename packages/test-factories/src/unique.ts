/*
 * Names no other seeding of the run uses. The browser journeys share one server between
 * parallel workers (processes), the API tests one database per file: the process id tells
 * the workers apart, a counter the calls of one process.
 */

const pid = process.pid;
let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

/** `prefix` and a suffix unique across parallel workers and repeated runs. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${pid.toString(36)}${next()}`;
}

/** Where this process's phone numbers start: two runs of one pid do not repeat each other's. */
const phoneStart = Date.now() % 1_000_000;

/**
 * A 10-digit Indian mobile number no other seeding of this run uses: 9, the worker's pid in
 * three digits, and six of a per-process sequence.
 */
export function uniquePhone(): string {
  const worker = String(pid % 1000).padStart(3, '0');
  const sequence = String((phoneStart + next()) % 1_000_000).padStart(6, '0');
  return `9${worker}${sequence}`;
}

/** Serial numbers no other seeding of this run uses. */
export function uniqueSerials(count: number, prefix = 'SN'): string[] {
  const base = unique(prefix).toUpperCase();
  return Array.from({ length: count }, (_, index) => `${base}-${index + 1}`);
}
