import type { OperatorRole } from '#domain/schemas/operators';

/** The console's areas and the role each needs (docs/api.md, Operators: each call names its roles). */
export const consoleAreas = [
  { area: 'check-in', role: 'check-in' },
  { area: 'disputes', role: 'care' },
  { area: 'payouts', role: 'finance' },
  { area: 'operators', role: 'admin' },
] as const satisfies readonly { area: string; role: OperatorRole }[];

export type ConsoleArea = (typeof consoleAreas)[number]['area'];

export function areasFor(roles: readonly OperatorRole[]): ConsoleArea[] {
  return consoleAreas.filter(({ role }) => roles.includes(role)).map(({ area }) => area);
}
