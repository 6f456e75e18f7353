import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pendingStoreContract } from '../testing/index.js';
import { PendingQueue, pendingPathFor } from './pending-queue.js';

pendingStoreContract('files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-pending-contract-'));
  return Promise.resolve({ open: () => new PendingQueue(pendingPathFor(dir), { root: dir }), close: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })) });
});
