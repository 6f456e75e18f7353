import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { episodeStoreContract } from '../testing/episode-store.contract.js';
import { FileEpisodeStore } from './file-episode-store.js';

// The port's contract on real JSONL files and their SQLite index: a fresh project folder per test.
episodeStoreContract('files', () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-episode-contract-'));
  return Promise.resolve({
    open: (clock, embedder) => new FileEpisodeStore({ projectDir: root, clock, embedder: embedder ?? null }),
    close: () => Promise.resolve(rmSync(root, { recursive: true, force: true })),
  });
});
