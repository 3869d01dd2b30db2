/**
 * The mapping step: each header of the file the server did not recognise gets a column of
 * the kind, or is ignored. Nothing is chosen at first, so a wrong guess cannot slip through.
 */
export const IGNORE = '__ignore__';

/** header → the column it is, IGNORE, or '' while not chosen. */
export type ColumnMapping = Readonly<Record<string, string>>;

export function initialMapping(headers: readonly string[]): ColumnMapping {
  return Object.fromEntries(headers.map((header) => [header, '']));
}

/**
 * Maps `header` to `column`. A column holds one header: another header mapped to the same
 * column goes back to not chosen, so the choice stays visible instead of silently winning.
 */
export function chooseColumn(
  mapping: ColumnMapping,
  header: string,
  column: string,
): ColumnMapping {
  const next: Record<string, string> = {};
  for (const [other, chosen] of Object.entries(mapping)) {
    next[other] = other === header ? column : column !== IGNORE && chosen === column ? '' : chosen;
  }
  return next;
}

/** Every unrecognised header has a column or is ignored. */
export function mappingComplete(mapping: ColumnMapping): boolean {
  return Object.values(mapping).every((chosen) => chosen !== '');
}

/**
 * The columns `header` may still take: those the server offers it (the kind's columns no
 * recognised header fills) less those another header of the mapping took.
 */
export function columnsFor(
  header: string,
  candidates: readonly string[],
  mapping: ColumnMapping,
): string[] {
  const taken = new Set<string>();
  for (const [other, chosen] of Object.entries(mapping)) {
    if (other !== header && chosen && chosen !== IGNORE) taken.add(chosen);
  }
  return candidates.filter((column) => !taken.has(column));
}

/** What the server is sent with the file again: header → column key, '' where ignored. */
export function mappingBody(mapping: ColumnMapping): Record<string, string> {
  return Object.fromEntries(
    Object.entries(mapping).map(([header, chosen]) => [header, chosen === IGNORE ? '' : chosen]),
  );
}

/**
 * The unrecognised headers still to ask about: a header the user already answered (ignored,
 * or given a column another header holds) stays unmatched in the server's answer, and asking
 * again would loop.
 */
export function headersToAsk<T extends { header: string }>(
  unmatched: readonly T[],
  answered: Readonly<Record<string, string>>,
): T[] {
  return unmatched.filter(({ header }) => !Object.hasOwn(answered, header));
}
