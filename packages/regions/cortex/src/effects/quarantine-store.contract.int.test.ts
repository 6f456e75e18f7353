import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quarantineStoreContract } from '../testing/index.js';
import { QuarantineStore, quarantinePathFor } from './quarantine-store.js';

quarantineStoreContract('files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-quarantine-contract-'));
  return Promise.resolve({ open: () => new QuarantineStore(quarantinePathFor(dir), { root: dir }), close: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })) });
});
