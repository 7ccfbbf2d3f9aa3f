import { operatorRoles } from '#domain/schemas/operators';
import type { Actor } from '../modules/audit/audit';

/** The operator behind the calls tests, the bench and the soak make straight to module functions. */
export const testActor: Actor = { kind: 'token', id: null, name: 'test', person: 'key:test', roles: operatorRoles, address: null };
