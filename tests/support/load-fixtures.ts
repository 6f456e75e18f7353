import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The shared fixtures folder (tests/fixtures). */
export const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

/** Loads every JSON fixture of a folder under tests/fixtures, in name order, checking each states why it exists. */
export const loadFixtures = <T extends { why: string }>(folder: string): { file: string; path: string; fixture: T }[] =>
  readdirSync(join(FIXTURES, folder))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const full = join(FIXTURES, folder, file);
      const fixture = JSON.parse(readFileSync(full, 'utf8')) as T;
      if (typeof fixture.why !== 'string' || fixture.why.length < 20) throw new Error(`${full}: a fixture needs a "why" header`);
      return { file, path: full, fixture };
    });
