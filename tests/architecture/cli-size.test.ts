import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI_SRC = join(import.meta.dirname, '../../apps/cli/src');

/**
 * The design's ceiling (issue 27): the CLI keeps argument parsing (the command table under commands/) and printing; the logic
 * (opening memory, the store settings, the hook flow, what each command prints) lives in the
 * packages, where other hosts reuse it and unit tests reach it.
 */
const MAX_CLI_LINES = 2_500;

const isSource = (name: string): boolean => name.endsWith('.ts') && !/\.test\.ts$/.test(name);

/** Non-test `.ts` lines per file under `dir`, recursively. */
const linesIn = (dir: string): Map<string, number> => {
  const out = new Map<string, number>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      for (const [file, n] of linesIn(path)) out.set(file, n);
    } else if (entry.isFile() && isSource(entry.name)) out.set(relative(CLI_SRC, path), readFileSync(path, 'utf8').split('\n').filter((_, i, all) => i < all.length - 1 || all[i] !== '').length);
  }
  return out;
};

describe('the CLI stays a command line', () => {
  it(`has at most ${MAX_CLI_LINES} non-test lines under apps/cli/src`, () => {
    const files = linesIn(CLI_SRC);
    const total = [...files.values()].reduce((a, b) => a + b, 0);
    const perFolder = new Map<string, number>();
    for (const [file, n] of files) {
      const folder = file.includes('/') ? file.slice(0, file.indexOf('/')) : '.';
      perFolder.set(folder, (perFolder.get(folder) ?? 0) + n);
    }
    const largest = [...perFolder].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([f, n]) => `${f}/ ${n}`).join(', ');
    expect(total, `apps/cli/src has ${total} non-test lines (max ${MAX_CLI_LINES}): move logic into the packages, not more into the CLI; largest folders: ${largest}`).toBeLessThanOrEqual(MAX_CLI_LINES);
  });
});
