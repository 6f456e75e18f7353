import { nodeFsPort } from '@engram/fs';
import type { AnalysisState } from './analysis-state.js';

/** The identity of a state file as this process wrote it: a rename by anyone else makes a new inode. */
interface Stamp {
  readonly ino: bigint;
  readonly size: number;
  readonly mtimeNs: bigint;
}

const stampOf = (file: string): Stamp | null => {
  try {
    const st = nodeFsPort.lstat(file);
    return st?.isFile === true ? { ino: st.ino, size: st.size, mtimeNs: st.mtimeNs } : null;
  } catch {
    return null;
  }
};

const same = (a: Stamp, b: Stamp): boolean => a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs;

/**
 * The analysis state this process last wrote, per state file, so a long-lived process (the hook
 * service, the MCP server) does not parse back at its next session end the file it wrote at the
 * last one. Used only while the file is still the one written (same inode, size and time: the
 * state is replaced by rename, so another writer's file never matches); anything else is read.
 */
export const stateCache = (() => {
  const kept = new Map<string, { readonly stamp: Stamp; readonly state: AnalysisState }>();
  return {
    get(file: string, recoveryLookahead: number): AnalysisState | null {
      const k = kept.get(file);
      if (k === undefined) return null;
      const now = stampOf(file);
      if (now === null || !same(now, k.stamp) || k.state.recoveryLookahead !== recoveryLookahead) {
        kept.delete(file);
        return null;
      }
      return k.state;
    },
    put(file: string, state: AnalysisState): void {
      const stamp = stampOf(file);
      if (stamp === null) kept.delete(file);
      else kept.set(file, { stamp, state });
    },
  };
})();
