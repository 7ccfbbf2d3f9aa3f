import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

/**
 * `npm run db:generate` drafts a migration from the difference between schema.ts and drizzle-kit's
 * latest snapshot (migrations/meta). With a snapshot behind schema.ts it drafts again what earlier
 * migrations already did. Run on a copy of the folder: with the snapshot in step it drafts nothing.
 */
describe('drizzle-kit metadata', () => {
  it('the latest snapshot is schema.ts: db:generate drafts no change', () => {
    // drizzle-kit reads --out as a path relative to where it runs: a folder under the repository's .tmp.
    mkdirSync(path.join(root, '.tmp'), { recursive: true });
    const out = mkdtempSync(path.join(root, '.tmp', 'migrations-'));
    try {
      cpSync(path.join(here, 'migrations'), out, { recursive: true });
      const before = readdirSync(out).sort();
      const run = spawnSync(
        process.execPath,
        [
          path.join(root, 'node_modules/drizzle-kit/bin.cjs'),
          'generate',
          '--dialect=postgresql',
          `--schema=${path.relative(root, path.join(here, 'schema.ts'))}`,
          `--out=${path.relative(root, out)}`,
          '--name=unexpected_drift',
        ],
        { cwd: root, encoding: 'utf8', timeout: 60_000 },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(`${run.stdout}${run.stderr}`).toContain('No schema changes');
      expect(readdirSync(out).sort()).toEqual(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 90_000);
});
