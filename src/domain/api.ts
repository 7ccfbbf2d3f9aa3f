/**
 * Where the API lives, for the server that mounts it, the app and the service worker that call it.
 * The version is in the path (docs/api.md): a client built for v2 keeps working when a v3 arrives.
 */
export const apiPrefix = '/api/v2';
