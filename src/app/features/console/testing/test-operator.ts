import type { Operator } from '#domain/schemas/operators';
import { startOperatorSession } from '../operator-session';

/** An operator of the component tests, named `name`, holding `roles`. */
export function testOperator(name: string, roles: Operator['roles']): Operator {
  const handle = name.toLowerCase();
  return {
    id: `op-${handle}`,
    email: `${handle}@roundtrip.test`,
    name,
    roles,
    status: 'ACTIVE',
    language: null,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

/** `operator` signed in to the console, with a session that outlives the test. */
export function signInTestOperator(operator: Operator): void {
  startOperatorSession({ token: 'op_test', expires_at: '2099-01-01T00:00:00.000Z', idle_seconds: 900, operator });
}
