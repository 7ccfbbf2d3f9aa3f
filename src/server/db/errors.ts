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

/** True when a database error is a foreign-key violation (also raised by the scans trigger for an erased account). */
export function isForeignKeyViolation(error: unknown): boolean {
  return isConstraintViolation(error, '23503', undefined);
}

/** True when a value did not fit its column (22003: an integer past 32 bits). */
export function isOutOfRange(error: unknown): boolean {
  return isConstraintViolation(error, '22003', undefined);
}

/**
 * True when PostgreSQL ended the statement's transaction for a deadlock (40P01) or a serialization
 * failure (40001): everything it wrote was rolled back, and the same transaction may be run again.
 */
export function isLockConflict(error: unknown): boolean {
  return isConstraintViolation(error, '40P01', undefined) || isConstraintViolation(error, '40001', undefined);
}

/**
 * What of a database error may be logged: its SQLSTATE, constraint, table and column names, never
 * the query's parameters (emails, names, hashes) nor its text (drizzle copies them into messages).
 */
export function databaseErrorSummary(
  error: unknown,
): { sqlState: string; constraint?: string; table?: string; column?: string; routine?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as {
      code?: unknown;
      constraint?: unknown;
      table?: unknown;
      column?: unknown;
      routine?: unknown;
      cause?: unknown;
    };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
      return {
        sqlState: candidate.code,
        constraint: text(candidate.constraint),
        table: text(candidate.table),
        column: text(candidate.column),
        routine: text(candidate.routine),
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** SQLSTATEs of a connection that was lost or refused: class 08, a server shutting down (57P01–57P03), too many connections. */
const lostConnectionStates = /^(08...|57P0[123]|53300)$/;
/** What node-postgres says when the socket under a query closes; it carries no SQLSTATE. */
const lostConnectionMessages = /connection terminated|connection ended|ECONNRESET|ECONNREFUSED|Client has encountered a connection error/i;

/**
 * The database connection under a statement was lost (a restart, a failover, a terminated
 * backend): the statement's transaction was rolled back with it, so nothing was half-written,
 * and the same call may be made again.
 */
export function isLostConnection(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && lostConnectionStates.test(candidate.code)) return true;
    if (typeof candidate.code === 'string' && /^(ECONNRESET|ECONNREFUSED|EPIPE)$/.test(candidate.code)) return true;
    if (typeof candidate.message === 'string' && lostConnectionMessages.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}
