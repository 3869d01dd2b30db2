/**
 * Whether a database error is a unique-constraint violation (SQLSTATE 23505). Drizzle
 * wraps driver errors, so the code may sit on the error or on its cause.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = sqlErrorOf(error, ['23505']);
  return found !== null && (constraint === undefined || found.constraint === constraint);
}

/**
 * A deadlock (40P01) or serialization failure (40001): the database rolled the transaction
 * back and running it again will most likely succeed.
 */
export function isRetryableConflict(error: unknown): boolean {
  return sqlErrorOf(error, ['40P01', '40001']) !== null;
}

function sqlErrorOf(error: unknown, codes: string[]): { constraint?: unknown } | null {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && codes.includes(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return null;
}
