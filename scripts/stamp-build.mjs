// The last step of `npm run build`: marks the build complete. `npm start` (start.mjs) builds again only
// when a source is newer than this mark, so a build made by CI or by hand is not made a second time.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const buildStampFile = path.join(root, 'dist', '.build-stamp');

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(buildStampFile, new Date().toISOString());
