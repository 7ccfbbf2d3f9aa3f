/**
 * What a data-subject request asks for. A deletion request is the one answered "deletion request received".
 * Apart from the schemas (zod) so that a route checking its address does not pull them into the first load.
 */
export const dsarKinds = ['access', 'deletion', 'rectification', 'other'] as const;
export type DsarKind = (typeof dsarKinds)[number];

export function isDsarKind(value: unknown): value is DsarKind {
  return typeof value === 'string' && (dsarKinds as readonly string[]).includes(value);
}
