import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { markets, type CountryCode } from '../../domain/markets';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../modules/accounts/passwords';

/** Shown on the start banner and in the README: demo data is for trying the app, not a secret. */
export const demoPassword = 'roundtrip-demo';

const demoCustomers: Record<CountryCode, { name: string; zipCode: string; city: string; address: string; state: string | null }> = {
  us: { name: 'Alex Morgan', zipCode: '97205', city: 'Portland', address: '1120 SW 5th Ave', state: 'OR' },
  ca: { name: 'Sam Tremblay', zipCode: 'H2X 1Y4', city: 'Montréal', address: '175 Rue Sainte-Catherine O', state: 'QC' },
  uk: { name: 'Olivia Hughes', zipCode: 'M1 1AE', city: 'Manchester', address: '12 Piccadilly', state: null },
  fr: { name: 'Camille Dubois', zipCode: '69002', city: 'Lyon', address: '8 Rue de la République', state: null },
  jp: { name: '田中 結衣', zipCode: '150-0002', city: '渋谷区', address: '渋谷2-21-1', state: '東京都' },
};

export function demoEmail(countryCode: CountryCode): string {
  return `demo.${countryCode}@roundtrip.example`;
}

export interface DemoSummary {
  password: string;
  accounts: { countryCode: CountryCode; flag: string; email: string }[];
}

/** Adds what is missing of the demo data; a second start finds it there and changes nothing. */
export async function seedDemoData(db: Database, log: FastifyBaseLogger): Promise<DemoSummary> {
  let created = 0;
  let passwordHash: string | undefined;
  for (const market of Object.values(markets)) {
    const email = demoEmail(market.countryCode);
    const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing.length > 0) continue;
    passwordHash ??= await hashPassword(demoPassword);
    const customer = demoCustomers[market.countryCode];
    await db.insert(users).values({
      email,
      passwordHash,
      name: customer.name,
      countryCode: market.countryCode,
      locale: market.locale,
      zipCode: customer.zipCode,
      address: customer.address,
      city: customer.city,
      state: customer.state,
      emailVerifiedAt: new Date(),
      termsAcceptedAt: new Date(),
    });
    created += 1;
  }
  if (created > 0) log.info({ created }, 'demo customers seeded');
  return {
    password: demoPassword,
    accounts: Object.values(markets).map((market) => ({
      countryCode: market.countryCode,
      flag: market.flag,
      email: demoEmail(market.countryCode),
    })),
  };
}
