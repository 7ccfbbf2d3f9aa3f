import { and, eq, isNull } from 'drizzle-orm';
import { currencyOf, isCountryCode, type CountryCode, type Currency } from '#domain/markets';
import { methodsOffered, type PaymentMethod } from '#domain/payment-methods';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { ApiError } from '../../http/api-error';

/** A signed-in customer as the money calls need them: their market decides currency and rules. */
export interface Customer {
  id: string;
  countryCode: CountryCode;
  currency: Currency;
  emailVerified: boolean;
  /** The payout methods the customer's market offers in this deployment. */
  offered: readonly PaymentMethod[];
}

/**
 * The customer of a checked session, for calls that need only their id and market (the balance,
 * the history): the session's check already refused a deleted account and read the market.
 */
export function customerOfSession(session: { userId: string; countryCode: string }): { id: string; currency: Currency } {
  if (!isCountryCode(session.countryCode)) throw new ApiError(401, 'UNAUTHORIZED');
  return { id: session.userId, currency: currencyOf(session.countryCode) };
}

/**
 * The one lookup of a customer by id for the customer's own calls. A deleted account is no
 * customer: its tokens are revoked at deletion, and this refuses it too in case a call was
 * already past the token check.
 */
export async function findCustomer(
  executor: Executor,
  userId: string,
  options: { lockRow?: boolean; linePayMarkets?: readonly CountryCode[] } = {},
): Promise<Customer> {
  const query = executor
    .select({ countryCode: users.countryCode, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  // lockRow: a transaction that counts the customer's recent actions against a limit holds the
  // row, so two parallel calls are counted one after the other.
  const [user] = options.lockRow ? await query.for('no key update') : await query;
  if (!user || !isCountryCode(user.countryCode)) throw new ApiError(401, 'UNAUTHORIZED');
  return {
    id: userId,
    countryCode: user.countryCode,
    currency: currencyOf(user.countryCode),
    emailVerified: user.emailVerifiedAt !== null,
    offered: methodsOffered(user.countryCode, options.linePayMarkets),
  };
}
