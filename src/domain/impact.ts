/**
 * The source the demo writes on its made-up packaging factor: the app shows it translated, so that a
 * figure that is not a measurement says so in the reader's language. Kept apart from the impact's
 * schemas (#domain/schemas/impact) so that the account page names it without loading zod.
 */
export const demoFactorSource = 'Demo figure, not a measurement';
