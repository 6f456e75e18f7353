import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchpadHost, type ScratchpadHost, type ScratchpadHostOptions } from '@engram/scratchpad';
import { afterEach } from 'vitest';

/** python3 is a system package: skip its tests visibly when missing, except under CI where it must run. */
const hasPython = spawnSync('python3', ['--version']).status === 0;
export const pythonSkipReason = hasPython || process.env['CI'] === 'true' ? undefined : 'python3 is not installed on this machine';

/** Short limits keep every kill test well under a few seconds. */
export const FAST = { timeoutMs: 1500, inactivityMs: 300 } as const;

const hosts: ScratchpadHost[] = [];

/** A host in a fresh temp folder, closed after the test. */
export const newHost = (options: ScratchpadHostOptions = {}): ScratchpadHost => {
  const host = createScratchpadHost({ cwd: mkdtempSync(join(tmpdir(), 'engram-pad-')), timeoutMs: 10_000, inactivityMs: 5_000, ...options });
  hosts.push(host);
  return host;
};

afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.closeAll()));
});

/** Anton's kill classification (anton.md §2.5 #6), as the ACC's `classifyKill` applies it. */
export const classifyKill = (reason: string): 'liveness' | 'heavy' | 'ambiguous' => {
  const text = reason.toLowerCase();
  if (text.includes('auto-install')) return 'ambiguous';
  if (text.includes('liveness') || text.includes('inactivity')) return 'liveness';
  if (text === '' || text.includes('without producing any output')) return 'ambiguous';
  return 'heavy';
};
