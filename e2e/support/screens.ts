import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a test file keeps the screens a person looks at, in a folder of that name: under
 * bench/results/<folder>, where a review's pictures are committed, only when `SCREENSHOTS=1` asks for
 * them; otherwise with the test results (test-results/<folder>), so a normal run (`npm test`) never
 * rewrites a committed picture and leaves the tree clean. The folder is made if missing.
 */
export function screensDir(folder: string): string {
  const directory = path.join(process.env.SCREENSHOTS === '1' ? 'bench/results' : 'test-results', folder);
  mkdirSync(directory, { recursive: true });
  return directory;
}
