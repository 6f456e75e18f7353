import { semanticStoreContract } from '@engram/kernel/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSemanticStore } from './file-semantic-store.js';

// The port's contract on real files: a fresh home and project folder per test.
semanticStoreContract('files', () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-semantic-contract-'));
  const dirs = { global: join(root, 'home', 'memory'), project: join(root, 'project', '.engram', 'memory') };
  return Promise.resolve({
    open: (scope) => new FileSemanticStore({ dir: dirs[scope], scope }),
    close: () => Promise.resolve(rmSync(root, { recursive: true, force: true })),
  });
});
