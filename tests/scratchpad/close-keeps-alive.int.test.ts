import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

describe('closing pads', () => {
  it('keeps the process alive until the pads are gone, so work after closeAll() still runs', () => {
    const r = spawnSync(process.execPath, ['--conditions=@engram/source', '--import', 'tsx', join(ROOT, 'tests/scratchpad/close-then-print.ts')], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('after close: 1\n');
    expect(r.status).toBe(0);
  });
});
