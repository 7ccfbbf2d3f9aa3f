/** The password of every account the e2e tests make, customers and operators alike. */
export const e2ePassword = 'correct horse 1';
