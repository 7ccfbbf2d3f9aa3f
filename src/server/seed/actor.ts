import { operatorRoles } from '#domain/schemas/operators';
import type { Actor } from '../modules/audit/audit';

/** Demo data is written through the operators' functions, so the audit trail names who wrote it. */
export const seedActor: Actor = { kind: 'cli', id: null, name: 'seed', person: 'key:seed', roles: operatorRoles, address: null };
