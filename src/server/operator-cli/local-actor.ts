import { hostname } from 'node:os';
import { operatorRoles } from '#domain/schemas/operators';
import type { Actor } from '../modules/audit/audit';

/**
 * The ops CLI on the server's own machine: every role, as before operators had accounts, and
 * named `cli@<host>` in the audit trail. Whoever runs it already holds the machine.
 */
export function localCliActor(): Actor {
  const name = `cli@${hostname()}`;
  return { kind: 'cli', id: null, name, person: `key:${name}`, roles: operatorRoles, address: null };
}
