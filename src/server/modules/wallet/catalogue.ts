import { asc, eq, sql } from 'drizzle-orm';
import type { Language } from '#domain/locales';
import type { CountryCode } from '#domain/markets';
import { moneyFromMinor } from '#domain/money';
import type { ContainerType, Product } from '#domain/schemas/wallet';
import type { Database, Executor } from '../../db/client';
import { products } from '../../db/schema';
import { catalogue } from './catalogue-data';

export type ProductRow = typeof products.$inferSelect;

/** The name column of a language: a fixed list, safe to put in SQL text. */
export const productNameColumn: Record<Language, string> = { en: 'name_en', fr: 'name_fr', ja: 'name_ja' };

export function productName(row: Pick<ProductRow, 'nameEn' | 'nameFr' | 'nameJa'>, language: Language): string {
  return language === 'fr' ? row.nameFr : language === 'ja' ? row.nameJa : row.nameEn;
}

export function productView(row: ProductRow, language: Language): Product {
  return {
    id: row.id,
    name: productName(row, language),
    image_url: row.imageUrl,
    container_type: row.containerType as ContainerType,
    deposit: moneyFromMinor(row.depositMinor, row.currency),
  };
}

/** Insert or refresh the catalogue (ids are stable): run at every start, cheap and idempotent. */
export async function seedCatalogue(db: Database): Promise<void> {
  await db
    .insert(products)
    .values(
      catalogue.map((product) => ({
        id: product.id,
        countryCode: product.countryCode,
        currency: product.currency,
        containerType: product.containerType,
        nameEn: product.name.en,
        nameFr: product.name.fr,
        nameJa: product.name.ja,
        imageUrl: product.imageUrl,
        depositMinor: product.depositMinor,
        sortOrder: product.sortOrder,
      })),
    )
    .onConflictDoUpdate({
      target: products.id,
      set: {
        containerType: sql`excluded.container_type`,
        nameEn: sql`excluded.name_en`,
        nameFr: sql`excluded.name_fr`,
        nameJa: sql`excluded.name_ja`,
        imageUrl: sql`excluded.image_url`,
        depositMinor: sql`excluded.deposit_minor`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}

export async function listProducts(db: Database, countryCode: CountryCode, language: Language): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.countryCode, countryCode))
    .orderBy(asc(products.sortOrder), asc(products.id));
  return rows.map((row) => productView(row, language));
}

export async function findProduct(db: Executor, productId: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  return row;
}
