import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicPackages } from './public-packages.js';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Test-support subpaths that import vitest, which a user's install does not have: they stay in
 * the workspace. Every other subpath a package exports must be published.
 */
const WORKSPACE_ONLY: Readonly<Record<string, readonly string[]>> = {
  '@engram/store': ['./testing'],
  '@engram/store-postgres': ['./testing'],
};

type Exports = Record<string, Record<string, string>>;

describe('publishConfig.exports mirrors exports', () => {
  // A subpath added to `exports` alone works in the workspace and breaks every installed package
  // that imports it (the packed package.json has only the published map): caught here in
  // milliseconds instead of by the install test.
  it.each(publicPackages(ROOT).map((p) => [p.name, p.dir] as const))('%s publishes every subpath it exports, without the source condition', (name, dir) => {
    const manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { exports?: Exports; publishConfig?: { exports?: Exports } };
    // The CLI exports nothing: it is a binary.
    if (manifest.exports === undefined) return expect(manifest.publishConfig?.exports).toBeUndefined();
    const expected = Object.fromEntries(
      Object.entries(manifest.exports)
        .filter(([subpath]) => !(WORKSPACE_ONLY[name] ?? []).includes(subpath))
        .map(([subpath, conditions]) => [subpath, Object.fromEntries(Object.entries(conditions).filter(([c]) => c !== '@engram/source'))]),
    );
    expect(manifest.publishConfig?.exports).toEqual(expected);
  });
});
