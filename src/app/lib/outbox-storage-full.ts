/** The device has no room left: the action was not queued, and the customer must be told. */
export class OutboxStorageFullError extends Error {
  override readonly name = 'OutboxStorageFullError';
}
