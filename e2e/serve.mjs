#!/usr/bin/env node
// The e2e web server: a fresh data directory, then the real `npm start` script.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.tmp/e2e-data');
if (!dataDir.startsWith(path.join(root, '.tmp'))) throw new Error(`Refusing to wipe ${dataDir}: not under .tmp`);
rmSync(dataDir, { recursive: true, force: true });

// Tests send traffic to this machine only: without a style named by the run, the map is the
// offline basemap alone rather than the default street map's public host (map-streets.spec.ts
// starts its own server with a local tile server as MAP_STYLE_URL).
const env = { ...process.env, MAP_STYLE_URL: process.env.MAP_STYLE_URL ?? 'none' };
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
