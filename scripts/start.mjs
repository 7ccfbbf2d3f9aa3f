#!/usr/bin/env node
// `npm start`: build the app when its sources are newer than the last complete build (the mark
// `npm run build` leaves as its last step, scripts/stamp-build.mjs), then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStampFile } from './stamp-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildInputs = [
  'index.html',
  'prerender.html',
  'scripts/prerender.ts',
  'vite.config.ts',
  'lingui.config.ts',
  'package-lock.json',
  'public',
  'sw',
  'src/app',
  'src/domain',
];

function newestModification(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestModification(path.join(entry, child)));
  return newest;
}

function buildIsCurrent() {
  if (!existsSync(buildStampFile) || !existsSync(path.join(root, 'dist', 'index.html'))) return false;
  const builtAt = statSync(buildStampFile).mtimeMs;
  return buildInputs.every((entry) => newestModification(entry) <= builtAt);
}

if (process.env.SKIP_BUILD !== 'true' && !buildIsCurrent()) {
  process.stdout.write('Building the app (first start, or its sources changed)…\n');
  const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    process.stderr.write('The app build failed; see above.\n');
    process.exit(built.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
// Ctrl-C reaches the server through the terminal's process group; a SIGTERM sent to us alone is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
