import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';

/** Every column of every table that can hold text (text, varchar, char, json, arrays of them), in any schema but the system's. */
export async function textColumns(db: Database): Promise<{ schema: string; table: string; column: string }[]> {
  const result = await db.execute(sql`
    select c.table_schema as schema, c.table_name as "table", c.column_name as "column"
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE'
      and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.table_schema not like 'pg\\_%'
      and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED'))
    order by 1, 2, 3`);
  return rowsOf<{ schema: string; table: string; column: string }>(result);
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Where any of these strings still appears, case-insensitively, as `schema.table.column`.
 * Generic on purpose: a table added later (withdrawals, payment methods) is searched too.
 */
export async function findPersonalData(db: Database, needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { schema, table, column } of await textColumns(db)) {
    const target = `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`;
    for (const needle of needles) {
      const pattern = `%${needle.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      const result = await db.execute(
        sql`select count(*)::int as hits from ${sql.raw(target)} where lower(${sql.raw(quoteIdentifier(column))}::text) like ${pattern}`,
      );
      const hits = Number(rowsOf<{ hits: number }>(result)[0]?.hits ?? 0);
      if (hits > 0) found.push(`${schema}.${table}.${column} contains "${needle}" (${hits} rows)`);
    }
  }
  return found;
}
