/**
 * Walks a database error (PGlite or node-postgres, possibly wrapped by drizzle in
 * DrizzleQueryError) for the given SQLSTATE, optionally of one named constraint or index.
 */
function isConstraintViolation(error: unknown, sqlState: string, constraint: string | undefined): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === sqlState) {
      if (!constraint) return true;
      if (candidate.constraint === constraint) return true;
      // PGlite does not always fill `constraint`; its message names it.
      return typeof candidate.message === 'string' && candidate.message.includes(constraint);
    }
    current = candidate.cause;
  }
  return false;
}

/** True when a database error is a unique-constraint violation, optionally of one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return isConstraintViolation(error, '23505', constraint);
}

/** True when a database error is a CHECK violation, optionally of one named constraint. */
export function isCheckViolation(error: unknown, constraint?: string): boolean {
  return isConstraintViolation(error, '23514', constraint);
}
