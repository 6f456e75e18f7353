import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryHistoryContract } from '../testing/index.js';
import { MemoryHistory } from './memory-history.js';

memoryHistoryContract('files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-history-contract-'));
  return Promise.resolve({ open: () => new MemoryHistory(join(dir, 'memory'), { root: dir }), close: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })) });
});
