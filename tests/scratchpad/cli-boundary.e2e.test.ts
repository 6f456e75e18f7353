import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { sleepToken, survivorsAfter } from './boundary-support.js';
import { pythonSkipReason } from './pad-host.js';

/**
 * Issue 11 item 4 from the CLI, as a user would meet it: `engram run` with keys in its
 * environment, a scripted model whose one cell hunts for them in /proc and leaves a `setsid`
 * process behind. The cell finds nothing, and nothing it started outlives the run.
 */

const canary = `padclicanary${randomBytes(6).toString('hex')}`;

const scanCell = (token: string): string => `
import os, subprocess
canary = ${JSON.stringify(canary)}.encode()
hits = 0
for pid in [p for p in os.listdir("/proc") if p.isdigit()]:
    try:
        hits += open("/proc/%s/environ" % pid, "rb").read().count(canary)
    except OSError:
        pass
subprocess.run("setsid sleep ${token} > /dev/null 2>&1 < /dev/null &", shell=True, check=True)
print("hits", hits)
`;

const cassette = (code: string): object => ({
  engramCassette: 1,
  note: 'Written by cli-boundary.e2e.test.ts: one scratchpad cell that hunts for the keys, then an answer.',
  models: { planning: 'fixture-planner', coding: 'fixture-coder' },
  entries: [
    {
      match: { purpose: 'turn' },
      response: {
        model: 'fixture-planner',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'scratchpad', input: { action: 'exec', name: 'scan', code, one_line_description: 'scan' } }],
        stopReason: 'tool_use',
        usage: { inputTokens: 10, outputTokens: 10 },
      },
    },
    { match: { purpose: 'turn' }, response: { model: 'fixture-planner', content: [{ type: 'text', text: 'done' }], stopReason: 'end_turn', usage: { inputTokens: 10, outputTokens: 1 } } },
  ],
});

describe.skipIf(process.platform !== 'linux' || pythonSkipReason !== undefined)(`engram run and its pads (Linux${pythonSkipReason === undefined ? '' : `; skipped: ${pythonSkipReason}`})`, () => {
  it('a cell finds none of the keys engram was started with, and its setsid process dies with the run', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-pad-cli-'));
    const token = sleepToken();
    const file = join(root, 'scan.cassette.json');
    writeFileSync(file, JSON.stringify(cassette(scanCell(token))));
    try {
      await runAndCheck(root, file, token);
    } finally {
      await survivorsAfter([token]); // a failed check leaves nothing running
    }
  });
});

const runAndCheck = async (root: string, file: string, token: string): Promise<void> => {
  const r = runCli(['run', '--task', 'scan', '--llm', `scripted:${file}`, '--json', '--home', join(root, 'home'), '--project', join(root, 'project')], {
    ANTHROPIC_API_KEY: `sk-ant-api03-${canary}`,
    OPENAI_API_KEY: `sk-proj-${canary}`,
    MY_SERVICE_TOKEN: canary,
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  const { eventLog } = JSON.parse(r.stdout) as { eventLog: string };
  const executed = readLogFile(eventLog).events.find((e) => e.type === 'scratchpad.cell.executed');
  expect(executed?.type === 'scratchpad.cell.executed' && executed.data.stdout).toBe('hits 0\n');
  expect(await survivorsAfter([token])).toEqual([]);
};
