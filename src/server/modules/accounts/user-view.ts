import type { User } from '#domain/schemas/user';
import { isCountryCode, isSupportedLocale } from '#domain/markets';
import type { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The user as the API shows it (userSchema); never the password hash or internal dates. */
export function toUserView(row: UserRow): User {
  if (!isCountryCode(row.countryCode) || !isSupportedLocale(row.locale)) {
    throw new Error(`user ${row.id} has an unknown market or locale`);
  }
  return {
    id: row.id,
    email: row.email ?? '',
    name: row.name ?? '',
    country_code: row.countryCode,
    locale: row.locale,
    zip_code: row.zipCode ?? '',
    address: row.address,
    city: row.city,
    state: row.state,
    email_verified: row.emailVerifiedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}
