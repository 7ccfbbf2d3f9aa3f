/**
 * The kinds and states of a history row, shared by app and server. Kept apart from the history's
 * schemas (#domain/schemas/wallet) so that the account page's filters name them without loading zod.
 */

export const transactionCategories = ['SCAN', 'ADJUSTMENT', 'WITHDRAWAL'] as const;
export type TransactionCategory = (typeof transactionCategories)[number];

export const transactionStatuses = ['PENDING', 'COMPLETED', 'REJECTED', 'CANCELLED', 'FAILED'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];
