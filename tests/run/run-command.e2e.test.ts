import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../cli/run-cli.js';

const cassette = (name: string) => join(ROOT, 'tests/fixtures/run', name);
const dirs = () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-run-'));
  return ['--home', join(root, 'home'), '--project', join(root, 'project')];
};

interface RunJson {
  answer: string;
  sessionId: string;
  eventLog: string;
  lessons: { id: string; kind: string; rule: string; scope: string }[];
  stopReason: string;
}

describe('engram run', () => {
  it('runs a real turn offline from a cassette: a real Python cell, then the answer', () => {
    const r = runCli(['run', '--task', 'What is 6 times 7?', '--llm', `scripted:${cassette('answer-42.cassette.json')}`, '--json', ...dirs()]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as RunJson;
    expect(out).toMatchObject({ answer: 'The answer is 42.', stopReason: 'end_turn', lessons: [] });
    const events = readLogFile(out.eventLog);
    expect(events.problems).toEqual([]);
    const executed = events.events.find((e) => e.type === 'scratchpad.cell.executed');
    expect(executed?.type === 'scratchpad.cell.executed' && executed.data.stdout).toBe('42\n');
    expect(events.events.filter((e) => e.type === 'llm.call.completed')).toHaveLength(2);
  });

  it('learns from a turn that goes wrong: ACC rules and the post-mortem lesson reach memory', () => {
    const d = dirs();
    const r = runCli(['run', '--task', 'Load missing.csv', '--llm', `scripted:${cassette('fails-repeatedly.cassette.json')}`, '--json', ...d]);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as RunJson;
    const ids = out.lessons.map((l) => l.id);
    expect(ids).toContain('acc.repeated-error-signature');
    expect(ids).toContain('cerebellum.scratchpad');
    expect(readFileSync(join(d[1]!, 'memory', 'rules.md'), 'utf8')).toMatch(/same error message/);
    expect(readFileSync(join(d[3]!, '.engram', 'memory', 'lessons.md'), 'utf8')).toMatch(/Check that a data file exists/);
  });

  it('copilot mode shows the memories waiting for confirmation after the answer', () => {
    const r = runCli(['run', '--task', 'Load missing.csv', '--llm', `scripted:${cassette('fails-repeatedly.cassette.json')}`, '--json', ...dirs()], { ENGRAM_MEMORY_MODE: 'copilot' });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as RunJson & { pending?: { pendingId: string; text: string }[] };
    expect(out.pending?.map((p) => p.text)).toContain('Check that a data file exists before opening it.');
    expect(out.lessons.map((l) => l.id)).not.toContain('cerebellum.scratchpad');
  });

  it('exits 3 when the model cannot be reached, and 2 on a configuration error', () => {
    const miss = runCli(['run', '--task', 'anything', '--llm', `scripted:${join(ROOT, 'tests/fixtures/llm/check-planning-only.cassette.json')}`, ...dirs()]);
    expect(miss.status).toBe(3);
    expect(miss.stderr).toMatch(/cassette_miss/);
    expect(runCli(['run', '--task', 'x', '--llm', 'nonsense', ...dirs()]).status).toBe(2);
    expect(runCli(['run', ...dirs()]).status).toBe(2);
  });

  it('documents its exit codes in --help', () => {
    expect(runCli(['run', '--help']).stdout).toMatch(/Exit codes: 0 answered; 1 .*round cap; 2 usage or configuration error; 3 the model could not be reached/s);
  });
});
