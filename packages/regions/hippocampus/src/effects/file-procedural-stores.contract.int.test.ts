import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recipeStoreContract, skillStoreContract } from '../testing/index.js';
import { FileRecipeStore } from './file-recipe-store.js';
import { FileSkillStore } from './file-skill-store.js';

/** A fresh `$ENGRAM_HOME` per test; every `open` is a new store object over its skills folder, as another process would be. */
const home = () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-procedural-contract-'));
  return { root: join(dir, 'skills'), close: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })) };
};

skillStoreContract('files', () => {
  const h = home();
  return Promise.resolve({ open: () => new FileSkillStore({ root: h.root }), close: h.close });
});

recipeStoreContract('files', () => {
  const h = home();
  return Promise.resolve({ open: () => new FileRecipeStore({ root: h.root }), close: h.close });
});
