import { and, eq, isNull } from 'drizzle-orm';
import type { TokenResponse } from '#domain/schemas/token-answer';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema';
import { OAuthError } from '../../http/api-error';
import { accountAddressKey } from '../../http/rate-limit';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { startSession } from './sessions';

export interface PasswordLogin {
  email: string;
  password: string;
  clientId: string | undefined;
  /** The caller's address, for the per-address limit. */
  address: string;
}

/**
 * grant_type=password. An unknown email, a deleted account and a wrong
 * password get the same answer after the same work (a dummy argon2 check).
 * Failures count per address and per account-and-address: whoever guesses
 * is slowed, and cannot lock the owner out from another address.
 */
export async function loginWithPassword(context: AppContext, login: PasswordLogin): Promise<TokenResponse> {
  const accountKey = accountAddressKey(login.email, login.address);
  await context.rateLimits.consume('loginPerAddress', login.address);
  await context.rateLimits.consume('loginPerAccount', accountKey);
  const [user] = await context.db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, login.email), isNull(users.deletedAt)))
    .limit(1);
  const valid = user?.passwordHash ? await verifyPassword(user.passwordHash, login.password) : await verifyAgainstDummy(login.password);
  if (!user || !valid) throw new OAuthError('invalid_grant');
  await context.rateLimits.reset('loginPerAccount', accountKey);
  return startSession(context, user.id, login.clientId);
}
