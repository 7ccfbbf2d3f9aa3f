import { z } from 'zod';
import { currencies } from '../markets';
import type { Money } from '../money';

/** An amount on the wire: a decimal string in major units, never a float. */
export const moneySchema = z.object({
  currency: z.enum(currencies),
  value: z.string().regex(/^-?\d+(\.\d+)?$/),
}) satisfies z.ZodType<Money>;
