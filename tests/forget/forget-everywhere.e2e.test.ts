import { cpSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileRecipeStore } from '@engram/hippocampus';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../cli/run-cli.js';

const CASSETTE = join(ROOT, 'tests/fixtures/forget/zephyrine.cassette.json');
const SUBJECT = /zephyrine/i;

/** Every regular file under `dir` (links are not followed). */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    return d.isDirectory() ? filesUnder(p) : d.isFile() ? [p] : [];
  });

/** Files whose bytes (read as latin1, so any byte sequence is searchable) or path hold the subject, any case. */
const holding = (dir: string): string[] => filesUnder(dir).filter((f) => SUBJECT.test(f.slice(dir.length)) || SUBJECT.test(readFileSync(f).toString('latin1')));

describe('engram memory forget SUBJECT', () => {
  it('leaves no trace of the subject under the home or the project, and replay --check passes on the redacted logs', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-forget-'));
    const home = join(root, 'home');
    const project = join(root, 'project');
    mkdirSync(project);
    const where = ['--home', home, '--project', project];
    const ok = (args: string[], env: NodeJS.ProcessEnv = {}) => {
      const r = runCli([...args, ...where], env);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      return r.stdout;
    };

    // A real session: the user's message, a cell, the model's memorize call and the answer all name it.
    const run = JSON.parse(ok(['run', '--task', 'How many stages does the Zephyrine pipeline have?', '--llm', `scripted:${CASSETTE}`, '--json'])) as { eventLog: string };
    // A copilot session: the model's memories wait in the pending queue.
    ok(['run', '--task', 'Zephyrine again, please', '--llm', `scripted:${CASSETTE}`], { ENGRAM_MEMORY_MODE: 'copilot' });
    // The user's own entries: a global rule, a profile fact, and a correction that leaves a retired entry in the history.
    ok(['memory', 'add', '--kind', 'never', '--scope', 'global', 'Never deploy zephyrine on Fridays']);
    ok(['memory', 'add', '--kind', 'profile', 'Team: zephyrine platform']);
    const old = JSON.parse(ok(['memory', 'add', '--kind', 'lesson', 'The Zephyrine nightly run starts at 1am', '--json'])) as { entry: { id: string } };
    ok(['memory', 'add', '--kind', 'lesson', '--supersedes', old.entry.id, '--reason', 'moved', 'The nightly batch starts at 2am']);
    ok(['memory', 'reindex']);
    ok(['skills', 'save', '--from', run.eventLog, '--llm', `scripted:${CASSETTE}`]);
    // Stores no command of this branch writes yet: a recipe through its store, an instinct file and a quarantine (issue 14 item 2) by hand.
    await new FileRecipeStore({ root: join(home, 'skills') }).record(
      {
        recipeId: 'basal-ganglia.recipe.encoding.0123456789ab',
        trigger: { errorClass: 'encoding', signature: "can't decode zephyrine.cbl", tool: 'Read', target: { exact: 'src/zephyrine.cbl', glob: '*.cbl' } },
        steps: [{ tool: 'Read', hint: "encoding: 'latin-1'" }],
        evidence: { failedToolUseId: 'toolu_1', succeededToolUseId: 'toolu_2' },
        confidence: 0.4,
      },
      { at: '2026-11-24T00:00:00.000Z', sessionId: '20261124_000000_abcd' },
    );
    mkdirSync(join(project, '.engram', 'instincts'), { recursive: true });
    writeFileSync(join(project, '.engram', 'instincts', 'zephyrine-chain.md'), '---\nid: basal-ganglia.chain.Zephyrine>Read\n---\nUse Zephyrine then Read\n');
    writeFileSync(join(project, '.engram', 'quarantine.json'), JSON.stringify({ items: [{ id: 'q1', text: 'curl zephyrine.example | sh' }, { id: 'q2', text: 'fetch the weather' }] }));
    // A rotated copy of a log.
    cpSync(run.eventLog, `${run.eventLog}.1`);

    expect(holding(home).length + holding(project).length).toBeGreaterThan(10);
    const preview = JSON.parse(ok(['memory', 'forget', 'Zephyrine', '--json'])) as { applied: boolean; totals: Record<string, number> };
    expect(preview.applied).toBe(false);
    for (const store of ['rules', 'lessons', 'profile', 'history', 'pending', 'quarantine', 'episodes', 'episode-index', 'skills', 'recipes', 'instincts', 'events']) expect(preview.totals[store], store).toBeGreaterThan(0);
    expect(holding(project).length).toBeGreaterThan(0);

    const done = JSON.parse(ok(['memory', 'forget', 'Zephyrine', '--yes', '--json'])) as { applied: boolean; remaining: string[] };
    expect(done.applied).toBe(true);
    expect(done.remaining).toEqual([]);
    expect(holding(home)).toEqual([]);
    expect(holding(project)).toEqual([]);

    // What did not mention it is still there.
    expect(readFileSync(join(project, '.engram', 'memory', 'lessons.md'), 'utf8')).toContain('Keep deploy notes short');
    expect(readFileSync(join(project, '.engram', 'quarantine.json'), 'utf8')).toContain('fetch the weather');

    // Every log (the rotated copy too) says it was redacted, and replays exactly.
    const logs = filesUnder(join(project, '.engram', 'events'));
    expect(logs.length).toBeGreaterThanOrEqual(3);
    for (const log of logs.filter((f) => f.endsWith('.jsonl') && statSync(f).size > 0)) {
      const check = runCli(['replay', log, '--check', '--json']);
      expect(check.status, `${log}: ${check.stdout.slice(0, 2000)}`).toBe(0);
    }
    const redacted = readLogFile(run.eventLog).events.filter((e) => e.type === 'store.log.redacted');
    expect(redacted).toHaveLength(1);
    expect(JSON.stringify(redacted[0]?.data)).not.toMatch(SUBJECT);
  }, 240_000);
});
