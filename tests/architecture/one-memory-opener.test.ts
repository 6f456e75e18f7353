import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** The one place a cortex is made (issue 27 item 2): every surface opens memory through it. */
const OPENER = 'packages/runtime/src/open/open-memory.ts';

/** Non-test TypeScript under every package's and app's `src/`. */
const sources = function* (dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sources(path);
    } else if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && relative(ROOT, path).split('/').includes('src')) yield path;
  }
};

describe('memory has one way to be opened', () => {
  it(`constructs the cortex only in ${OPENER}`, () => {
    const makers = [...sources(join(ROOT, 'packages')), ...sources(join(ROOT, 'apps'))].filter((f) => /\bnew Cortex\(/.test(readFileSync(f, 'utf8'))).map((f) => relative(ROOT, f));
    expect(makers, 'open memory with openMemory(stores, options) from @engram/runtime (a session, the audit, a command, the view and the benches all do), not with new Cortex(...)').toEqual([OPENER]);
  });
});
