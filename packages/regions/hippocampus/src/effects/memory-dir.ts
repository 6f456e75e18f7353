import type { EngramScope } from '@engram/kernel';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface MemoryRoots {
  /** `--home DIR`; else `$ENGRAM_HOME`; else `~/.engram`. */
  readonly home?: string | undefined;
  /** `--project DIR`: the project folder (its memory lives in `.engram/memory`). */
  readonly project?: string | undefined;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Where a scope's semantic memory lives (DESIGN.md, Storage). */
export const memoryDir = (scope: EngramScope, roots: MemoryRoots = {}): string => {
  if (scope === 'project') {
    if (roots.project === undefined || roots.project === '') throw new Error('project memory needs a project folder (--project DIR)');
    return join(roots.project, '.engram', 'memory');
  }
  const env = roots.env ?? process.env;
  const home = roots.home ?? env['ENGRAM_HOME'] ?? join(homedir(), '.engram');
  return join(home, 'memory');
};
