/**
 * The 32-day rule, in one place (its own module, so that the error texts in errors.ts can say it) (docs/product.md, Scans and containers): a returned container can
 * take this long to be checked in. It is what the app tells customers, how long a pending scan
 * holds its container (counted from when the server received it), and when a pending scan may be
 * disputed.
 */
export const pendingProcessingDays = 32;
