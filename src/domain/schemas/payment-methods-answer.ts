import { z } from 'zod';
import { paymentMethods } from '../payment-methods';

/**
 * The answer of GET, PUT and POST /payment_methods, apart from the forms' rules (payments.ts): the
 * account page shows the default method on its first screen and reads this answer, while the bank
 * fields' rules load only with the form that checks them.
 */

export const usAccountTypes = ['checking', 'savings'] as const;
/** Japanese accounts: 普通 (ordinary) or 当座 (current). */
export const japaneseAccountTypes = ['ordinary', 'current'] as const;

/**
 * GET /payment_methods: what is on file, masked, under the keys earlier clients read, the default, and the methods
 * the customer's market offers. Bank numbers are never sent back in full.
 */
export const paymentMethodsSchema = z.object({
  withdraw_type: z.enum(paymentMethods).nullable(),
  available_methods: z.array(z.enum(paymentMethods)),
  transfer_wise_data: z
    .object({
      /** Masked: "•••• 6789". One of account_number and iban is set. */
      account_number: z.string().nullable(),
      iban: z.string().nullable(),
      /** The holder's name as entered. */
      name: z.string(),
      /** What identifies the bank, masked or public: routing, sort, transit, bank+branch code. */
      bank: z.string().nullable(),
      /** The account's type where the market's form asks for one (US, Japan): an edit starts from it. */
      account_type: z
        .enum([...usAccountTypes, ...japaneseAccountTypes])
        .nullable()
        .default(null),
      updated_at: z.string(),
    })
    .nullable(),
  paypalWithdrawData: z.object({ email: z.string(), updated_at: z.string() }).nullable(),
  /** phoneLast4 is masked ("•••• 1234"); null for a destination saved before it was asked for. */
  lineData: z.object({ referenceNo: z.string(), phoneLast4: z.string().nullable().default(null), updated_at: z.string() }).nullable(),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;
export const paymentMethodsResponse = z.object({ data: paymentMethodsSchema });
