import { z } from 'zod';
import { currencies } from '../markets';
import { moneySchema } from './money';

/**
 * The operator lists that grow with the programme (payouts, disputes, claims, approvals) come a
 * page at a time: `limit` rows, then `meta.next_cursor` to ask for the rows after the last one
 * shown (null at the end). The cursor is opaque: a client sends back what it was given. The totals
 * count the whole list as filtered, not the page (docs/api.md, Pages of operator lists).
 */

/** What a client sends back; the server reads it (a cursor it did not make is 400 INVALID_CURSOR). */
export const pageCursorSchema = z.string({ error: 'invalidValue' }).max(200, { error: 'invalidValue' });

/** `limit` and `cursor` of a list's query string: `max` as each list always allowed, pages of `size` by default. */
export function pageQueryFields(size: number, max: number) {
  return {
    limit: z.coerce.number({ error: 'invalidValue' }).int().min(1).max(max).default(size),
    cursor: pageCursorSchema.optional(),
  };
}

/** A list that has amounts can be narrowed to one currency. */
export const currencyFilter = z.enum(currencies, { error: 'invalidValue' }).optional();

/** Pages the console asks for. */
export const opsPageSize = 50;

export const listTotalsSchema = z.object({
  /** How many rows the whole list has, as filtered. */
  count: z.number().int(),
  /** Their amounts added up, one per currency (none for a list without amounts). */
  amounts: z.array(moneySchema),
});
export type ListTotals = z.infer<typeof listTotalsSchema>;

export const pageMetaSchema = z.object({ next_cursor: z.string().nullable(), totals: listTotalsSchema });
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `{ data: [...], meta: { next_cursor, totals } }`. */
export function pageAnswer<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}
