import type { OperatorRole } from '#domain/schemas/operators';

/**
 * The console's areas and the roles that open each, any one of them (docs/api.md, Operators: each
 * call names its roles): the audit trail is read by admins, care and finance alike.
 */
export const consoleAreas = [
  { area: 'check-in', roles: ['check-in'] },
  { area: 'disputes', roles: ['care'] },
  { area: 'adjustments', roles: ['care'] },
  { area: 'approvals', roles: ['care'] },
  { area: 'claims', roles: ['care'] },
  { area: 'requests', roles: ['care'] },
  { area: 'payouts', roles: ['finance'] },
  { area: 'operators', roles: ['admin'] },
  { area: 'content', roles: ['content'] },
  { area: 'audit', roles: ['admin', 'care', 'finance'] },
] as const satisfies readonly { area: string; roles: readonly OperatorRole[] }[];

export type ConsoleArea = (typeof consoleAreas)[number]['area'];

export function areasFor(roles: readonly OperatorRole[]): ConsoleArea[] {
  return consoleAreas.filter((entry) => entry.roles.some((role) => roles.includes(role))).map(({ area }) => area);
}
