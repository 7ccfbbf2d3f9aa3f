/**
 * One property of a value read from outside the worker's own code (an IndexedDB row, a server's
 * JSON, a cookie): undefined when the value is not an object. The worker reads such shapes by hand
 * rather than with zod, which would be most of its size; only the API's error and token answers,
 * whose schemas the server declares, are read with them (zod's mini build, src/domain/schemas).
 */
export function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}
