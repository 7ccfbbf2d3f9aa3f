import { holdsLabelsWithCheckIn, type OperatorRole } from '#domain/schemas/operators';
import { isCheckViolation } from '../../db/errors';
import { ApiError } from '../../http/api-error';

/**
 * Duties kept apart (docs/operators.md): issuing container codes (`labels`) and checking them in
 * (`check-in`) are never granted to one operator or one token. Asked before writing, so the caller
 * is told in their language; the database's CHECKs refuse it whoever writes.
 */
export function refuseLabelsWithCheckIn(roles: readonly OperatorRole[]): void {
  if (holdsLabelsWithCheckIn(roles)) throw new ApiError(422, 'OPERATOR_DUTIES_APART', { roles: 'invalidValue' });
}

/** The same refusal when it came from the database (a write that did not ask first): never a 500. */
export function dutiesApartError(error: unknown): ApiError | undefined {
  return isCheckViolation(error, 'operators_labels_apart_from_check_in') ||
    isCheckViolation(error, 'automation_tokens_labels_apart_from_check_in')
    ? new ApiError(422, 'OPERATOR_DUTIES_APART', { roles: 'invalidValue' })
    : undefined;
}
