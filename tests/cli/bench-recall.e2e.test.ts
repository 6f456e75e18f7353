// `engram bench recall DATASET` (issue 25) run as a user runs it, on a conversation in the LoCoMo
// format (docs/recall-bench.md) written here: no data set ships with the project. Three answerable
// questions whose evidence every surface must find in its first ten, an adversarial one left out of
// the scores, `--surface` choosing what runs, and a bad turn named by file and field.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const CONVERSATION = {
  speaker_a: 'Maya',
  speaker_b: 'Tom',
  session_1_date_time: '1:56 pm on 8 May, 2023',
  session_1: [
    { speaker: 'Maya', dia_id: 'D1:1', text: 'I adopted a grey kitten from the shelter on Friday.' },
    { speaker: 'Tom', dia_id: 'D1:2', text: 'Lovely! What did you name the kitten?' },
    { speaker: 'Maya', dia_id: 'D1:3', text: "Her name is Pepper, after my grandmother's cat." },
  ],
  session_2_date_time: '10:04 am on 21 June, 2023',
  session_2: [
    { speaker: 'Tom', dia_id: 'D2:1', text: 'I finally finished the marathon in Lisbon last Sunday.' },
    { speaker: 'Maya', dia_id: 'D2:2', text: 'Congratulations, how long did the race take you?' },
    { speaker: 'Tom', dia_id: 'D2:3', text: 'Four hours and twelve minutes, my best time yet.' },
  ],
  qa: [
    { question: "What is the name of Maya's kitten?", answer: 'Pepper', evidence: ['D1:3'], category: 1 },
    { question: 'Where did Tom run the marathon?', answer: 'Lisbon', evidence: ['D2:1'], category: 1 },
    { question: "How long did Tom's marathon take?", answer: '4h12', evidence: ['D2:3'], category: 1 },
    { question: "What is Tom's cat called?", adversarial_answer: 'Pepper', category: 5 },
  ],
};

interface Row {
  readonly surface: string;
  readonly questions: number;
  readonly items: number;
  readonly recallAt1: number;
  readonly recallAt10: number;
  readonly hitAt10: number;
  readonly queryP95Ms: number;
  readonly ingestPerSecond: number;
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const dataset = (files: Readonly<Record<string, unknown>>): string => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-recall-'));
  dirs.push(dir);
  for (const [name, json] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(json));
  return dir;
};

describe('engram bench recall DATASET', () => {
  it('scores every surface on a LoCoMo conversation: each answering turn in the first ten, the adversarial question left out', () => {
    const r = runCli(['bench', 'recall', dataset({ 'conv-1.json': CONVERSATION }), '--json']);
    expect([r.status, r.stderr]).toEqual([0, '']);
    const report = JSON.parse(r.stdout) as { suite: string; results: Row[] };
    expect(report.suite).toBe('recall');
    expect(report.results.map((row) => row.surface)).toEqual(['mcp-recall', 'memory-context', 'bm25']);
    for (const row of report.results) {
      expect(row).toMatchObject({ questions: 3, items: 6, recallAt10: 1, hitAt10: 1 });
      expect(row.recallAt1).toBeGreaterThan(0);
      expect(row.queryP95Ms).toBeGreaterThan(0);
      expect(row.ingestPerSecond).toBeGreaterThan(0);
    }
  }, 120_000);

  it('runs only the surfaces --surface names', () => {
    const r = runCli(['bench', 'recall', dataset({ 'conv-1.json': CONVERSATION }), '--json', '--surface', 'bm25,mcp-recall']);
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as { results: Row[] }).results.map((row) => row.surface).sort()).toEqual(['bm25', 'mcp-recall']);
  }, 120_000);

  it('refuses a turn without its text, naming the file and the field', () => {
    const bad = { ...CONVERSATION, session_2: [{ speaker: 'Tom', dia_id: 'D2:1' }] };
    const r = runCli(['bench', 'recall', dataset({ 'conv-1.json': CONVERSATION, 'conv-2.json': bad }), '--json']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/conv-2\.json: field session_2\[0\]\.text: /);
  }, 120_000);
});
