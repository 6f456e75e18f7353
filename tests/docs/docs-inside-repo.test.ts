// A newcomer has the repository, not the folders it was built next to: no doc may send them to a
// file outside it (issue 26 found `../shared/DESIGN.md` and `anton.md` in 11 docs).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** Names of the design notes that live outside the repository. */
const OUTSIDE = [/\.\.\/shared/, /\/work\/shared\//, /§\d/, /\bseeds\/\d/, /\bshared\/reference\b/, /\banton\.md\b/, /\blearning-loops\.md\b/, /\bDESIGN\.md\b/];

const markdownUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? markdownUnder(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []));

describe('docs', () => {
  it('name no file outside the repository', () => {
    const files = [join(ROOT, 'README.md'), ...markdownUnder(join(ROOT, 'docs'))];
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => (OUTSIDE.some((re) => re.test(line)) ? [`${relative(ROOT, f)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
