import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const OPEN_SQLITE = join(import.meta.dirname, '../../packages/regions/hippocampus/dist/effects/open-sqlite.js');

/**
 * Why: better-sqlite3's default addon finder (`bindings`) tries a dozen places and reads a stack
 * trace, about 15 ms of the first open in every `engram recall`. In a fresh process, so that
 * nothing another suite loaded counts.
 */
describe('openSqlite', () => {
  it('opens a working database with the addon loaded from the first place bindings looks, without bindings', () => {
    const script = `import { createRequire } from 'node:module';
const { openSqlite } = await import(${JSON.stringify(pathToFileURL(OPEN_SQLITE).href)});
const db = openSqlite(':memory:');
const { v } = db.prepare('select sqlite_version() as v').get();
db.close();
const loaded = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify({ v, bindings: loaded.some((f) => /[\\\\/]bindings[\\\\/]/.test(f)), addons: loaded.filter((f) => f.endsWith('.node')) }));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const seen = JSON.parse(r.stdout) as { v: string; bindings: boolean; addons: string[] };
    expect(seen.v).toMatch(/^3\.\d+/);
    expect(seen.bindings).toBe(false);
    expect(seen.addons).toEqual([expect.stringMatching(/better-sqlite3[\\/]build[\\/](Debug[\\/]|Release[\\/])?better_sqlite3\.node$/)]);
  });
});
