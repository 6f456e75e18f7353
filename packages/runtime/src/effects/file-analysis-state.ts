import { join } from 'node:path';
import { nodeFsPort, readTextContained, rootForDir, writeFileAtomic, type FsPort } from '@engram/fs';
import { ANALYSIS_STATE_FILE, parseAnalysisState, renderAnalysisState } from '../instincts/analysis-state.js';
import type { AnalysisStateStore } from '../instincts/analysis-state-store.js';
import { stateCache } from '../instincts/state-cache.js';

/**
 * The analysis state is a cache of the logs: written atomically (a reader sees the old or the new
 * file, never half of one) but not synced to disk, since after a power loss it is rebuilt from
 * the logs, and two syncs per session end were a large share of the analysis's time.
 */
const cachePort: FsPort = { ...nodeFsPort, fsync: () => undefined };

/** `analysis-state.json` in an `instincts/` folder; what this process last wrote is kept parsed (`stateCache`). */
export const fileAnalysisState = (instinctsDir: string): AnalysisStateStore => {
  const file = join(instinctsDir, ANALYSIS_STATE_FILE);
  const root = rootForDir(instinctsDir);
  return {
    location: file,
    load: (lookahead) => Promise.resolve(stateCache.get(file, lookahead) ?? parseAnalysisState(readTextContained(root, file), lookahead)),
    save: (state) => {
      writeFileAtomic(file, renderAnalysisState(state), { root, port: cachePort });
      stateCache.put(file, state);
      return Promise.resolve();
    },
  };
};
