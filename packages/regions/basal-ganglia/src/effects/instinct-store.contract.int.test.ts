import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { instinctStoreContract } from '../testing/index.js';
import { InstinctStore } from './instinct-store.js';

instinctStoreContract('files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-instinct-contract-'));
  return Promise.resolve({ open: () => new InstinctStore(join(dir, 'instincts'), { root: dir }), close: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })) });
});
