import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds } from '../testing/databases';
import { rowsOf, type DatabaseHandle } from './client';
import * as schema from './schema';

/**
 * schema.ts (what the code's queries and types are built from) and the SQL migrations (what the
 * database really is) are written by hand side by side. This migrates a fresh database and holds
 * the two equal: the same tables, columns with the same types and nullability, and the same named
 * checks, indexes, unique keys and foreign keys.
 */

interface Shape {
  columns: Record<string, string>;
  checks: string[];
  indexes: string[];
  foreignKeys: string[];
}

/** drizzle's SQL type names, as PostgreSQL's format_type() writes them. */
function canonicalType(type: string): string {
  const aliases: Record<string, string> = {
    serial: 'integer',
    bigserial: 'bigint',
    timestamp: 'timestamp without time zone',
  };
  return aliases[type] ?? type.replace(/^varchar/, 'character varying').replace(/^char\b/, 'character');
}

function declaredShapes(): Record<string, Shape> {
  const shapes: Record<string, Shape> = {};
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    shapes[config.name] = {
      columns: Object.fromEntries(
        config.columns
          .map((column) => [column.name, `${canonicalType(column.getSQLType())}${column.notNull ? ' not null' : ''}`] as const)
          .sort(([a], [b]) => a.localeCompare(b)),
      ),
      checks: config.checks.map((check) => check.name).sort(),
      indexes: [
        ...config.indexes.map((index) => index.config.name),
        ...config.uniqueConstraints.map((unique) => unique.getName()),
        ...config.primaryKeys.map((key) => key.getName()),
        ...config.columns.filter((column) => column.primary).map(() => `${config.name}_pkey`),
        ...config.columns.filter((column) => column.isUnique).map((column) => column.uniqueName ?? `${config.name}_${column.name}_unique`),
      ]
        .filter((name): name is string => typeof name === 'string')
        .sort(),
      foreignKeys: config.foreignKeys.map((key) => key.getName()).sort(),
    };
  }
  return shapes;
}

async function migratedShapes(handle: DatabaseHandle): Promise<Record<string, Shape>> {
  const columns = rowsOf<{ table_name: string; column_name: string; type: string; not_null: boolean }>(
    await handle.db.execute(sql`
      select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
         and c.relname not like '\\_\\_drizzle%'`),
  );
  const constraints = rowsOf<{ table_name: string; name: string; kind: string }>(
    await handle.db.execute(sql`
      select c.relname as table_name, k.conname as name, k.contype as kind
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and k.contype in ('c', 'f', 'u', 'p')`),
  );
  const indexes = rowsOf<{ table_name: string; name: string }>(
    await handle.db.execute(sql`select tablename as table_name, indexname as name from pg_indexes where schemaname = 'public'`),
  );
  const shapes: Record<string, Shape> = {};
  const shapeOf = (table: string) => (shapes[table] ??= { columns: {}, checks: [], indexes: [], foreignKeys: [] });
  for (const column of columns)
    shapeOf(column.table_name).columns[column.column_name] = `${column.type}${column.not_null ? ' not null' : ''}`;
  for (const constraint of constraints) {
    if (!shapes[constraint.table_name]) continue;
    // A NOT NULL written as a check would be a column's nullability, which the columns compare.
    if (constraint.kind === 'c') shapeOf(constraint.table_name).checks.push(constraint.name);
    if (constraint.kind === 'f') shapeOf(constraint.table_name).foreignKeys.push(constraint.name);
  }
  for (const index of indexes) if (shapes[index.table_name]) shapeOf(index.table_name).indexes.push(index.name);
  for (const shape of Object.values(shapes)) {
    shape.columns = Object.fromEntries(Object.entries(shape.columns).sort(([a], [b]) => a.localeCompare(b)));
    shape.checks.sort();
    shape.indexes.sort();
    shape.foreignKeys.sort();
  }
  return shapes;
}

describe.each(databaseKinds)('schema.ts and the migrations on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('describe the same tables, columns, checks, indexes and foreign keys', async () => {
    const declared = declaredShapes();
    const migrated = await migratedShapes(handle);
    expect(Object.keys(migrated).sort()).toEqual(Object.keys(declared).sort());
    // Every table that differs at once, each side by side, so one run shows all there is to mend.
    const differing = Object.keys(declared).filter((table) => JSON.stringify(migrated[table]) !== JSON.stringify(declared[table]));
    expect(Object.fromEntries(differing.map((table) => [table, { migrations: migrated[table], schema: declared[table] }]))).toEqual({});
  });
});
