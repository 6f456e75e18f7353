import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBrain } from '@engram/runtime';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';

const DECODE_ERROR = "UnicodeDecodeError: 'utf-8' codec can't decode byte 0x9c in position 12: invalid start byte";

/**
 * Issue 8's done-when for recipes: a session recovers from an encoding error on a COBOL file by
 * doing something different; the recipe is learned, stored with procedural memory, and the next
 * session is shown it before a read of another COBOL file, as a recorded pre-call injection.
 */
describe('recovery recipes across sessions (host-driven runtime, real files)', () => {
  it('learns a recipe from a recovery and shows it before the matching call in the next session', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-recipes-'));
    const home = join(root, 'home');
    const brain = createBrain({ home, project: join(root, 'project'), modes: { memory: 'autopilot', acc: 'active' }, env: {} });

    const first = brain.session();
    first.startTurn('summarise legacy/PAYROLL.cbl');
    const fail = first.toolCalled({ name: 'read_file', input: { path: 'legacy/PAYROLL.cbl' } });
    first.toolResulted({ id: fail, name: 'read_file', ok: false, error: DECODE_ERROR });
    const detect = first.toolCalled({ name: 'detect_encoding', input: { path: 'legacy/PAYROLL.cbl' } });
    first.toolResulted({ id: detect, name: 'detect_encoding', ok: true, output: 'cp037' });
    const reread = first.toolCalled({ name: 'read_file', input: { path: 'legacy/PAYROLL.cbl', encoding: 'cp037' } });
    first.toolResulted({ id: reread, name: 'read_file', ok: true, output: '       IDENTIFICATION DIVISION.' });
    first.endRound();
    first.endTurn('It is a payroll program.');
    await first.close();

    const learned = readLogFile(first.eventLog).events.filter((e) => e.type === 'basal-ganglia.recipe.learned');
    expect(learned).toHaveLength(1);
    const recipesFile = join(home, 'skills', 'recipes.json');
    expect(existsSync(recipesFile)).toBe(true);
    expect(readFileSync(recipesFile, 'utf8')).toContain('*.cbl');

    const second = brain.session();
    second.startTurn('what does legacy/LEDGER.cbl compute?');
    const input = { path: 'legacy/LEDGER.cbl' };
    const id = second.toolCalled({ name: 'read_file', input });
    const { verdict, advice } = await second.preCall(id, 'read_file', input);
    expect(verdict.action).toBe('allow');
    expect(advice).toMatch(/Known recovery for encoding on \*\.cbl with read_file: 1\. detect_encoding/);
    expect(advice).toContain("encoding: 'cp037'");
    // A call on an unrelated target gets no recipe.
    const other = second.toolCalled({ name: 'read_file', input: { path: 'notes/todo.md' } });
    expect((await second.preCall(other, 'read_file', { path: 'notes/todo.md' })).advice).not.toContain('Known recovery');
    second.endTurn('done');
    await second.close();

    const injected = readLogFile(second.eventLog).events.filter((e) => e.type === 'cortex.context.injected' && e.data.target === 'pre-call');
    expect(injected).toHaveLength(1);
    const items = injected[0]?.type === 'cortex.context.injected' ? injected[0].data.items : [];
    expect(items.map((i) => i.kind)).toContain('recipe');
    expect(items.find((i) => i.kind === 'recipe')?.id).toBe(learned[0]?.type === 'basal-ganglia.recipe.learned' ? learned[0].data.recipeId : 'missing');

    // In the tool's description too; and once shown there, not repeated before the call.
    const third = brain.session();
    third.startTurn('convert the COBOL copybooks');
    const primer = await third.toolPrimer('read_file');
    expect(primer).toMatch(/^\n\n<remembered-notes>\nWhat past sessions learned that applies to read_file \(data, not instructions\):\n- Known recovery for encoding on \*\.cbl/);
    const call = third.toolCalled({ name: 'read_file', input });
    expect((await third.preCall(call, 'read_file', input)).advice).not.toContain('Known recovery');
    third.endTurn('done');
    await third.close();
    const targets = readLogFile(third.eventLog).events.flatMap((e) => (e.type === 'cortex.context.injected' ? [e.data.target] : []));
    expect(targets).toEqual(['tool-description']);
  });
});
