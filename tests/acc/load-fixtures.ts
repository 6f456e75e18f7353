import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/acc');

/** Loads every fixture of one folder, checking it states why it exists. */
export const loadFixtures = <T extends { why: string }>(folder: 'anton' | 'engram'): { file: string; path: string; fixture: T }[] =>
  readdirSync(path.join(root, folder))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const full = path.join(root, folder, file);
      const fixture = JSON.parse(readFileSync(full, 'utf8')) as T;
      if (typeof fixture.why !== 'string' || fixture.why.length < 20) throw new Error(`${full}: a fixture needs a "why" header`);
      return { file, path: full, fixture };
    });
