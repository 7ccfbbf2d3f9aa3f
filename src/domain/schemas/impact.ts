import { z } from 'zod';
import { moneySchema } from './money';
import { keyed } from './fields';

/** What a customer's returns add up to (GET /user/impact), shared by app and server. */

/** The chart covers this many months, the current one last; the totals cover everything. */
export const impactMonths = 24;

export const impactMonthSchema = z.object({
  /** YYYY-MM in the customer's market time zone. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Containers credited that month: checked in, or credited after a dispute. */
  returned_items: z.number().int().nonnegative(),
  /** Deposits credited that month (check-ins and credited disputes). */
  deposits_earned: moneySchema,
  /** The balance at the end of the month (the current month: now). */
  balance: moneySchema,
});
export type ImpactMonth = z.infer<typeof impactMonthSchema>;

export const packagingImpactSchema = z.object({
  /** Single-use packaging avoided by the returns of products that have a factor, in grams. */
  avoided_grams: z.number().nonnegative(),
  /** How many of the returned containers the figure counts (those of products with a factor). */
  counted_items: z.number().int().nonnegative(),
  /** Where the factors come from, as operators wrote them. */
  sources: z.array(z.string()),
});
export type PackagingImpact = z.infer<typeof packagingImpactSchema>;

export const impactSchema = z.object({
  returned_items: z.number().int().nonnegative(),
  deposits_earned: moneySchema,
  /** Money paid out to the customer: completed payouts only (a pending one has not reached them yet). */
  withdrawn: moneySchema,
  months: z.array(impactMonthSchema),
  /** Null when no returned product has a factor: no environmental figure is shown at all. */
  packaging: packagingImpactSchema.nullable(),
});
export type Impact = z.infer<typeof impactSchema>;
export const impactResponse = z.object({ data: impactSchema });

/** Operators: POST /ops/impact-factors/{product_id}. */
export const impactFactorBody = z.strictObject({
  packaging_grams: z
    .number({ error: keyed('invalidValue') })
    .positive({ error: 'invalidValue' })
    .max(100_000, { error: 'invalidValue' }),
  source: z
    .string({ error: keyed('invalidValue') })
    .trim()
    .min(1, { error: 'required' })
    .max(300, { error: 'tooLong' }),
});
export type ImpactFactorBody = z.infer<typeof impactFactorBody>;

export const impactFactorSchema = z.object({
  product_id: z.string(),
  packaging_grams: z.number(),
  source: z.string(),
  updated_at: z.string(),
});
export type ImpactFactor = z.infer<typeof impactFactorSchema>;
