import { randomUUID } from 'node:crypto';
import { and, inArray, isNull, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { currencyOf, markets, type CountryCode } from '#domain/markets';
import type { Database } from '../db/client';
import { paymentMethods, productImpactFactors, scans, users } from '../db/schema';
import { setImpactFactor } from '../modules/impact/factors';
import type { PaymentCipher } from '../modules/payments/encryption';
import { savePaymentMethod } from '../modules/payments/payment-methods';
import { methodsOffered, type PaymentMethod } from '#domain/payment-methods';
import { demoFactorSource } from '#domain/impact';
import { hashPassword } from '../modules/accounts/passwords';
import { listProducts } from '../modules/wallet/catalogue';
import { seedDemoBins } from './bins-data';
import { adjustBalance, cancelScan, checkIn, issueContainers, reject, unscannedContainers } from '../modules/wallet/operator-actions';
import { seedActor } from './actor';

/** Shown on the start banner and in the README's demo logins: demo data is for trying the app, not a secret. */
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
  accounts: {
    countryCode: CountryCode;
    flag: string;
    email: string;
    /** An issued, never-scanned code to try the scanner with. */ tryCode?: string;
  }[];
}

const demoTexts: Record<CountryCode, { rejected: string; cancelled: string; adjustment: string; amount: string }> = {
  us: {
    rejected: 'The lid was missing, so the container could not be reused.',
    cancelled: 'Scanned twice by mistake.',
    adjustment: 'Welcome bonus',
    amount: '1.00',
  },
  ca: {
    rejected: 'The jar was cracked and could not be reused.',
    cancelled: 'Scanned twice by mistake.',
    adjustment: 'Welcome bonus',
    amount: '1.00',
  },
  uk: {
    rejected: 'The bottle was chipped, so it could not be reused.',
    cancelled: 'Scanned twice by mistake.',
    adjustment: 'Welcome bonus',
    amount: '1.00',
  },
  fr: {
    rejected: 'Le couvercle manquait : le contenant ne pouvait pas être réutilisé.',
    cancelled: 'Scanné deux fois par erreur.',
    adjustment: 'Bonus de bienvenue',
    amount: '1.00',
  },
  jp: {
    rejected: 'ふたが欠けていたため、容器を再利用できませんでした。',
    cancelled: '誤って2回スキャンされました。',
    adjustment: '新規登録ボーナス',
    amount: '100',
  },
};

const day = 86_400_000;

/**
 * A believable history for one demo customer: two check-ins with several products,
 * a rejection, a cancellation, a welcome adjustment, and scans still pending.
 * Written through the same service functions as the API (scans directly, to date them).
 */
async function seedDemoHistory(db: Database, userId: string, countryCode: CountryCode, now: Date): Promise<void> {
  const products = await listProducts(db, countryCode, 'en');
  const product = (index: number) => products[index % products.length]!.id;
  const at = (daysAgo: number, hour = 10) => new Date(now.getTime() - daysAgo * day + (hour - 12) * 3_600_000);
  const scanned = async (productIndex: number, when: Date): Promise<string> => {
    const [code] = await issueContainers(db, seedActor, product(productIndex), 1, new Date(when.getTime() - 20 * day));
    await db
      .insert(scans)
      .values({ id: randomUUID(), userId, containerCode: code!, productId: product(productIndex), scannedAt: when, createdAt: when });
    return code!;
  };
  const texts = demoTexts[countryCode];

  const first = [await scanned(0, at(40)), await scanned(0, at(40, 11)), await scanned(1, at(39)), await scanned(2, at(39, 18))];
  await checkIn(db, seedActor, first, at(37), 'Demo facility');
  await adjustBalance(db, seedActor, { userId, amount: texts.amount, comment: texts.adjustment }, at(30));
  const second = [await scanned(3, at(16)), await scanned(0, at(16, 13)), await scanned(4, at(15))];
  await checkIn(db, seedActor, second, at(12), 'Demo facility');
  await reject(db, seedActor, [await scanned(5, at(10))], texts.rejected, at(8));
  await cancelScan(db, seedActor, { code: await scanned(1, at(5)) }, texts.cancelled, at(4));
  await scanned(2, at(1, 9));
  await scanned(6, at(1, 17));
  await scanned(0, at(0, 8));
}

/**
 * A payout destination per demo customer, so the withdraw page works at once: published
 * example numbers (a valid ABA routing number, the sort code and IBAN of bank documentation
 * examples) with made-up accounts; nobody is ever paid out from demo data.
 */
const demoPaymentMethods: Record<CountryCode, { method: PaymentMethod; fields: Record<string, string> }> = {
  us: {
    method: 'TRANSFERWISE',
    fields: {
      routing_number: '021000021',
      account_number: '000123456789',
      account_type: 'checking',
      name: 'Alex Morgan',
      address: '1120 SW 5th Ave',
      city: 'Portland',
      state: 'OR',
      zip_code: '97205',
    },
  },
  ca: { method: 'PAYPAL', fields: { email: 'demo.ca@roundtrip.example' } },
  uk: {
    method: 'TRANSFERWISE',
    fields: {
      sort_code: '200000',
      account_number: '55779911',
      name: 'Olivia Hughes',
      address: '12 Piccadilly, Manchester',
      post_code: 'M1 1AE',
    },
  },
  fr: {
    method: 'TRANSFERWISE',
    fields: { iban: 'FR7630006000011234567890189', name: 'Camille Dubois', address: '8 Rue de la République, 69002 Lyon' },
  },
  jp: {
    method: 'TRANSFERWISE',
    fields: { bank_code: '0005', branch_code: '123', account_number: '1234567', account_type: 'ordinary', account_name: 'タナカ ユイ' },
  },
};

/** Live demo accounts in a database (their password is published): none may exist behind a public address. */
export async function liveDemoAccounts(db: Database): Promise<string[]> {
  const emails = Object.values(markets).map((market) => demoEmail(market.countryCode));
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, emails), isNull(users.deletedAt)));
  return rows.flatMap((row) => (row.email ? [row.email] : []));
}

/** Why a public deployment refuses to start on a database that holds demo accounts. */
export function demoAccountsRefusal(publicUrl: string, emails: readonly string[]): string {
  return (
    `Roundtrip refuses to start: PUBLIC_URL (${publicUrl}) is not a local address, and this database holds demo ` +
    `accounts (${emails.join(', ')}) whose password is published in the README. Anyone could log in as them, ` +
    `change their payout method and withdraw their balance. Start this deployment on a database that was never ` +
    `started with demo data (a new DATA_DIR or DATABASE_URL).`
  );
}

/** Adds what is missing of the demo data; a second start finds it there and changes nothing. */
export async function seedDemoData(db: Database, log: FastifyBaseLogger, cipher?: PaymentCipher): Promise<DemoSummary> {
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

  // Wallet history, for customers that have none yet; and containers to try the scanner with.
  const now = new Date();
  const tryCodes = new Map<CountryCode, string>();
  for (const market of Object.values(markets)) {
    const [customer] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail(market.countryCode)))
      .limit(1);
    if (!customer) continue;
    const [anyScan] = await db.select({ id: scans.id }).from(scans).where(eq(scans.userId, customer.id)).limit(1);
    if (!anyScan) {
      await seedDemoHistory(db, customer.id, market.countryCode, now);
      log.info({ countryCode: market.countryCode }, 'demo wallet history seeded');
    }
    const [anyMethod] = cipher
      ? await db.select({ method: paymentMethods.method }).from(paymentMethods).where(eq(paymentMethods.userId, customer.id)).limit(1)
      : [];
    if (cipher && !anyMethod) {
      const demoMethod = demoPaymentMethods[market.countryCode];
      await savePaymentMethod(
        db,
        cipher,
        {
          id: customer.id,
          countryCode: market.countryCode,
          currency: currencyOf(market.countryCode),
          emailVerified: true,
          offered: methodsOffered(market.countryCode),
        },
        demoMethod.method,
        demoMethod.fields,
        now,
      );
    }
    let unscanned = await unscannedContainers(db, { countryCode: market.countryCode, limit: 1 });
    if (unscanned.length === 0) {
      const products = await listProducts(db, market.countryCode, 'en');
      for (const product of products.slice(0, 5)) await issueContainers(db, seedActor, product.id, 1, now);
      unscanned = await unscannedContainers(db, { countryCode: market.countryCode, limit: 1 });
    }
    if (unscanned[0]) tryCodes.set(market.countryCode, unscanned[0].code);
  }
  // One packaging factor per market, so the account page's environmental figure can be seen. Its
  // source says it is made up; only on a database without any factor (after that they are the operators').
  const [anyFactor] = await db.select({ productId: productImpactFactors.productId }).from(productImpactFactors).limit(1);
  if (!anyFactor) {
    for (const market of Object.values(markets)) {
      const [first] = await listProducts(db, market.countryCode, 'en');
      if (first) await setImpactFactor(db, seedActor, first.id, { packaging_grams: 40, source: demoFactorSource }, now);
    }
  }
  // Return bins and their retailers on a database that has none yet.
  const binsSeeded = await seedDemoBins(db);
  if (binsSeeded > 0) log.info({ bins: binsSeeded }, 'demo return bins seeded');

  return {
    password: demoPassword,
    accounts: Object.values(markets).map((market) => ({
      countryCode: market.countryCode,
      flag: market.flag,
      email: demoEmail(market.countryCode),
      tryCode: tryCodes.get(market.countryCode),
    })),
  };
}
