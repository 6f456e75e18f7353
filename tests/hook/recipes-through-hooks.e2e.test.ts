import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';
import { hookRunner } from './hook-runner.js';

/**
 * Issue 8's done-when, through Claude Code: in one session a Read of a COBOL file fails on its
 * encoding and a Read with an explicit encoding succeeds (no fallbacks.json: nothing is
 * configured, the recovery is the model's own); engram learns the recipe, and in the next session
 * the pre-tool-use hook shows it before a Read of another COBOL file.
 */
describe('recovery recipes through the hooks (built CLI, recorded payloads)', () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-hook-recipes-'));
  const project = join(root, 'project');
  const home = join(root, 'home');
  const hook = hookRunner(project, home);

  beforeAll(() => {
    if (!existsSync(join(ROOT, 'apps/cli/dist/main.js'))) throw new Error('the CLI is not built: run node_modules/.bin/tsc -b tsconfig.build.json');
    mkdirSync(join(project, 'legacy'), { recursive: true });
  });

  it('learns the recipe in one session and shows it before the matching Read in the next', () => {
    const first = { session_id: '11111111-aaaa-4bbb-8ccc-000000000001' };
    hook('session-start', 'session-start', first);
    hook('user-prompt-submit', 'user-prompt-submit', first);
    hook('pre-tool-use', 'pre-tool-use-read', { ...first, tool_use_id: 'toolu_r1' });
    hook('post-tool-use', 'post-tool-use-failure-read', { ...first, tool_use_id: 'toolu_r1' });
    const latin = { file_path: join(project, 'legacy', 'PAYROLL.cbl'), encoding: 'latin-1' };
    hook('pre-tool-use', 'pre-tool-use-read', { ...first, tool_use_id: 'toolu_r2', tool_input: latin });
    hook('post-tool-use', 'post-tool-use-read', { ...first, tool_use_id: 'toolu_r2' });
    hook('stop', 'stop', first);
    const recipes = JSON.parse(readFileSync(join(home, 'skills', 'recipes.json'), 'utf8')) as unknown;
    expect(JSON.stringify(recipes)).toContain('*.cbl');

    const second = { session_id: '22222222-aaaa-4bbb-8ccc-000000000002' };
    hook('session-start', 'session-start', second);
    hook('user-prompt-submit', 'user-prompt-submit', second);
    const before = hook('pre-tool-use', 'pre-tool-use-read', { ...second, tool_use_id: 'toolu_r3', tool_input: { file_path: join(project, 'legacy', 'LEDGER.cbl') } });
    expect(before?.['additionalContext']).toMatch(/Known recovery for encoding on \*\.cbl with Read: 1\. Read with encoding: 'latin-1'/);
    expect(before?.['permissionDecision']).toBeUndefined();
  });
});
