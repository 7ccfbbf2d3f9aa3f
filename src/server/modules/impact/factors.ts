import { asc, eq } from 'drizzle-orm';
import type { CountryCode } from '#domain/markets';
import type { ImpactFactor, ImpactFactorBody } from '#domain/schemas/impact';
import type { Database } from '../../db/client';
import { productImpactFactors, products } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { recordAudit, type Actor } from '../audit/audit';

function view(row: typeof productImpactFactors.$inferSelect): ImpactFactor {
  return { product_id: row.productId, packaging_grams: row.packagingGrams, source: row.source, updated_at: row.updatedAt.toISOString() };
}

/** Set (or replace) a product's factor and its source. The database raises the versions of the customers it changes. */
export async function setImpactFactor(
  db: Database,
  actor: Actor,
  productId: string,
  body: ImpactFactorBody,
  now: Date,
): Promise<ImpactFactor> {
  return db.transaction(async (tx) => {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
    if (!product) throw new ApiError(404, 'NOT_FOUND');
    const [row] = await tx
      .insert(productImpactFactors)
      .values({ productId, packagingGrams: body.packaging_grams, source: body.source, updatedAt: now })
      .onConflictDoUpdate({
        target: productImpactFactors.productId,
        set: { packagingGrams: body.packaging_grams, source: body.source, updatedAt: now },
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'impact_factor.set',
      recordType: 'product',
      recordId: productId,
      detail: { packaging_grams: body.packaging_grams, source: body.source },
    });
    return view(row!);
  });
}

/** Remove a product's factor: its returns no longer count towards any environmental figure. Answers whether there was one. */
export async function clearImpactFactor(db: Database, actor: Actor, productId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(productImpactFactors)
      .where(eq(productImpactFactors.productId, productId))
      .returning({ productId: productImpactFactors.productId, packagingGrams: productImpactFactors.packagingGrams });
    const [factor] = removed;
    if (!factor) return false;
    await recordAudit(tx, actor, {
      action: 'impact_factor.clear',
      recordType: 'product',
      recordId: productId,
      detail: { packaging_grams: factor.packagingGrams },
    });
    return true;
  });
}

export async function listImpactFactors(db: Database, countryCode?: CountryCode): Promise<ImpactFactor[]> {
  const rows = await db
    .select({ factor: productImpactFactors })
    .from(productImpactFactors)
    .innerJoin(products, eq(products.id, productImpactFactors.productId))
    .where(countryCode ? eq(products.countryCode, countryCode) : undefined)
    .orderBy(asc(products.countryCode), asc(products.sortOrder), asc(products.id));
  return rows.map((row) => view(row.factor));
}
