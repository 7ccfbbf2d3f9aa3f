import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// What a newcomer reads must lead somewhere they can follow: no comment or document names a
// document outside the repository, and every file a doc or a comment names exists.

const root = path.resolve(import.meta.dirname, '..');
const self = path.relative(root, import.meta.filename);

/** Not ours to read (installed, built, generated, local data) or records of past runs. */
const skippedDirectories = new Set(['node_modules', 'dist', 'data', '.git', '.tmp', 'test-results', 'playwright-report', 'bench/results']);
const textFile = /\.(md|ts|tsx|mjs|js|css|sql|html)$|^\.ci\/run$/;
/** Written by the router plugin and by `lingui compile`. */
const generated = /routeTree\.gen\.ts$|^src\/app\/locales\/[^/]+\/messages\.ts$/;

function repositoryFiles(directory = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, directory), { withFileTypes: true })) {
    const relative = directory ? `${directory}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!skippedDirectories.has(entry.name) && !skippedDirectories.has(relative)) files.push(...repositoryFiles(relative));
    } else if (textFile.test(relative) && relative !== self && !generated.test(relative)) {
      files.push(relative);
    }
  }
  return files;
}

const files = repositoryFiles();
const lines = files.flatMap((file) =>
  readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .map((text, index) => ({ file, line: index + 1, text })),
);

/** Every line of a markdown file; in code, comments and test titles. */
const commentOrDoc = ({ file, text }: { file: string; text: string }) =>
  file.endsWith('.md') ||
  /^\s*(\/\/|\/\*|\*|\{\/\*|--|#)/.test(text) ||
  /\s\/\/\s|\/\*/.test(text) ||
  /\b(it|test|describe)(\.\w+)*\(\s*['"`]/.test(text);

const outsidePointers: { name: string; pattern: RegExp }[] = [
  { name: 'the design notes', pattern: /\bDESIGN\.md\b|\bRECIPES\b/ },
  { name: 'a shared folder outside the repository', pattern: /\.\.\/shared\b/ },
  { name: 'the specification', pattern: /\b[Ss]pec(?:'s|’s)?\b(?!\.)|\(spec\)/ },
  { name: 'an issue number', pattern: /\b[Ii]ssues? #?\d+/ },
  // A section sign belongs to a public standard that names itself ("RFC 6749 §5.2").
  { name: 'a section of an unnamed document', pattern: /(?<!RFC \d{3,5} )§/ },
];

describe('references in comments and docs', () => {
  it('name no document outside the repository', () => {
    const found = lines
      .filter(commentOrDoc)
      // `.spec.ts` files and a variable called `spec` are not the specification.
      .map((entry) => ({ ...entry, text: entry.text.replace(/\.spec\.ts\b/g, '').replace(/\bspec\.\w+/g, '') }))
      .flatMap(({ file, line, text }) =>
        outsidePointers.filter(({ pattern }) => pattern.test(text)).map(({ name }) => `${file}:${line}: ${name}: ${text.trim()}`),
      );
    expect(found).toEqual([]);
  });

  it('name only files that exist', () => {
    // Paths from the repository's top folders, or from src/app as its README and features write them.
    const pathPattern = /(?<![\w./-])((?:src|docs|e2e|scripts|bench|sw|public|features|lib|ui|routes)\/[\w.@{}$-]+(?:\/[\w.@{}$-]+)*)/g;
    const missing = lines.filter(commentOrDoc).flatMap(({ file, line, text }) =>
      [...text.matchAll(pathPattern)]
        .map((match) => match[1]!.replace(/[.]+$/, ''))
        // Placeholders (`<locale>`, `{lng}`, `*.png`, `soak-…`) and what the tools write are not files to check.
        .filter((name) => !/[<>{}*…]|\$\w|-$/.test(name) && !name.startsWith('bench/results/'))
        .filter((name) => {
          const candidates = [name, `src/app/${name}`, path.join(path.dirname(file), name)];
          return !candidates.some((candidate) =>
            ['', '.ts', '.tsx', '.mjs'].some((extension) => existsSync(path.join(root, candidate + extension))),
          );
        })
        .map((name) => `${file}:${line}: ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
