import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';
import { hookRunner } from './hook-runner.js';

/**
 * The circuit breaker is configurable per tool without code: `<project>/.engram/guards.json`
 * tightens Bash to a warning after one identical failure and a block after two.
 */
describe('guards.json through the hooks (built CLI, recorded payloads)', () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-hook-guards-'));
  const project = join(root, 'project');
  const hook = hookRunner(project, join(root, 'home'));

  beforeAll(() => {
    if (!existsSync(join(ROOT, 'apps/cli/dist/main.js'))) throw new Error('the CLI is not built: run node_modules/.bin/tsc -b tsconfig.build.json');
    mkdirSync(join(project, '.engram'), { recursive: true });
    writeFileSync(join(project, '.engram', 'guards.json'), JSON.stringify({ perTool: { Bash: { warnAt: 1, blockAt: 2 } } }));
  });

  it('warns before the second identical failing Bash call and denies the third', () => {
    const s = { session_id: '33333333-aaaa-4bbb-8ccc-000000000003' };
    hook('session-start', 'session-start', s);
    hook('user-prompt-submit', 'user-prompt-submit', s);
    const pre: (Record<string, unknown> | null)[] = [];
    for (const i of [1, 2, 3]) {
      pre.push(hook('pre-tool-use', 'pre-tool-use-bash', { ...s, tool_use_id: `toolu_b${i}` }));
      if (i < 3) hook('post-tool-use', 'post-tool-use-failure-bash', { ...s, tool_use_id: `toolu_b${i}` });
    }
    expect(pre[0]?.['permissionDecision']).toBeUndefined();
    expect(pre[1]?.['additionalContext']).toMatch(/this exact Bash command has failed 1 time in a row this turn/);
    expect(pre[2]).toMatchObject({ permissionDecision: 'deny' });
    expect(pre[2]?.['permissionDecisionReason']).toMatch(/this exact Bash command failed 2 times this turn/);
  });
});
