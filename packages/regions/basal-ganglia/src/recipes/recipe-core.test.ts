import type { AnyDraft, AnyEnvelope, EventData } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import { foldCore } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { recipeCore } from './recipe-core.js';
import { defaultRecipeParams, type RecipeParams } from './recipe-params.js';
import { RecipeStream } from './recipe-stream.test-helper.js';

type Recipe = EventData<'basal-ganglia.recipe.learned'>;

const recipesOf = (events: readonly AnyEnvelope[], p: Partial<RecipeParams> = {}): Recipe[] =>
  foldCore(recipeCore, { ...defaultRecipeParams, ...p }, events).published.flatMap((d: AnyDraft) => (d.type === 'basal-ganglia.recipe.learned' ? [d.data] : []));

const FAIL = { ok: false } as const;
const OK = { ok: true } as const;

describe('recipeCore', () => {
  it('learns a one-step recipe when the failed call succeeds with a changed parameter', () => {
    const s = new RecipeStream().turn().call('t1', 'Read', { path: 'src/PAYROLL.cbl' }, FAIL).call('t2', 'Read', { path: './src/PAYROLL.cbl', encoding: 'latin-1' }, OK);
    expect(recipesOf(s.events)).toEqual([
      {
        recipeId: expect.stringMatching(/^basal-ganglia\.recipe\.encoding\.[0-9a-f]{12}$/) as string,
        trigger: { errorClass: 'encoding', signature: "'utf-8' codec can't decode byte Q", tool: 'Read', target: { exact: 'src/PAYROLL.cbl', glob: '*.cbl' } },
        steps: [{ tool: 'Read', hint: "encoding: 'latin-1'" }],
        evidence: { failedToolUseId: 't1', succeededToolUseId: 't2' },
        confidence: defaultRecipeParams.initialConfidence,
      },
    ]);
  });

  it('learns the successful actions on the target in between as steps; failed attempts are not steps', () => {
    const s = new RecipeStream()
      .turn()
      .call('t1', 'Read', { path: 'a.cbl' }, FAIL)
      .call('t2', 'Read', { path: 'a.cbl', encoding: 'utf-16' }, FAIL)
      .call('t3', 'DetectEncoding', { path: 'a.cbl', sample: 4096 }, OK)
      .call('t4', 'DetectEncoding', { path: 'a.cbl', sample: 4096 }, OK)
      .call('t5', 'Grep', { path: 'other.cbl' }, OK)
      .call('t6', 'Read', { path: 'a.cbl', encoding: 'cp037', strict: false }, OK);
    const [recipe] = recipesOf(s.events);
    expect(recipe?.steps).toEqual([
      { tool: 'DetectEncoding', hint: 'sample: 4096' },
      { tool: 'Read', hint: "encoding: 'cp037', strict: false" },
    ]);
    expect(recipe?.evidence).toEqual({ failedToolUseId: 't1', succeededToolUseId: 't6' });
  });

  it('learns nothing from an identical retry that succeeds (flaky), however often it was retried', () => {
    const s = new RecipeStream().turn().call('t1', 'Read', { path: 'a.cbl', description: 'first try' }, FAIL).call('t2', 'Read', { path: 'a.cbl' }, FAIL).call('t3', 'Read', { path: 'a.cbl', description: 'again' }, OK);
    expect(recipesOf(s.events)).toEqual([]);
  });

  it('learns a recipe when a different action made the identical retry succeed', () => {
    const s = new RecipeStream().turn().call('t1', 'Read', { path: 'a.txt' }, FAIL).call('t2', 'Chmod', { path: 'a.txt', mode: '0644' }, OK).call('t3', 'Read', { path: 'a.txt' }, OK);
    expect(recipesOf(s.events).map((r) => r.steps)).toEqual([
      [
        { tool: 'Chmod', hint: "mode: '0644'" },
        { tool: 'Read', hint: '' },
      ],
    ]);
  });

  it('needs the same target, the cerebellum verdict, and the same turn', () => {
    const otherTarget = new RecipeStream().turn().call('t1', 'Read', { path: 'a.cbl' }, FAIL).call('t2', 'Read', { path: 'b.cbl', encoding: 'latin-1' }, OK);
    const unclassified = new RecipeStream().turn().call('t1', 'Read', { path: 'a.cbl' }, { ok: false, errorClass: null }).call('t2', 'Read', { path: 'a.cbl', encoding: 'latin-1' }, OK);
    const crossesTurn = (end: 'completed' | 'failed' | 'cancelled') =>
      new RecipeStream().turn().call('t1', 'Read', { path: 'a.cbl' }, FAIL).turn(end).call('t2', 'Read', { path: 'a.cbl', encoding: 'latin-1' }, OK);
    expect(recipesOf(otherTarget.events)).toEqual([]);
    expect(recipesOf(unclassified.events)).toEqual([]);
    for (const end of ['completed', 'failed', 'cancelled'] as const) expect(recipesOf(crossesTurn(end).events), end).toEqual([]);
  });

  it('keeps the first failure on a target: a later failure of another class does not replace it', () => {
    const s = new RecipeStream()
      .turn()
      .call('t1', 'Read', { path: 'a.cbl' }, FAIL)
      .call('t2', 'Read', { path: 'a.cbl', encoding: 'ebcdic' }, { ok: false, errorClass: 'unknown', signature: 'unknown encoding: ebcdic' })
      .call('t3', 'Read', { path: 'a.cbl', encoding: 'cp037' }, OK);
    expect(recipesOf(s.events).map((r) => [r.trigger.errorClass, r.evidence.failedToolUseId])).toEqual([['encoding', 't1']]);
  });

  it('drops a recovery longer than maxSteps (exploration), and keeps one of exactly maxSteps', () => {
    const build = (between: number) => {
      const s = new RecipeStream().turn().call('t0', 'Read', { path: 'a.cbl' }, FAIL);
      for (let i = 1; i <= between; i++) s.call(`s${i}`, `Probe${i}`, { path: 'a.cbl' }, OK);
      return s.call('ok', 'Read', { path: 'a.cbl', encoding: 'latin-1' }, OK).events;
    };
    expect(recipesOf(build(2), { maxSteps: 3 }).map((r) => r.steps.length)).toEqual([3]);
    expect(recipesOf(build(3), { maxSteps: 3 })).toEqual([]);
  });

  it('learns from scratchpad cells: the code the success adds is the hint, and a pad is matched by name only', () => {
    const s = new RecipeStream()
      .turn()
      .cell('c1', 'data.py', "df = pd.read_csv('sales.csv')", FAIL)
      .cell('c2', 'data.py', "df = pd.read_csv('sales.csv', encoding='latin-1')", OK);
    expect(recipesOf(s.events).map((r) => [r.trigger.tool, r.trigger.target, r.steps])).toEqual([['scratchpad', { exact: 'data.py', glob: null }, [{ tool: 'scratchpad', hint: "encoding='latin-1'" }]]]);
  });

  it('ignores the scratchpad tool call itself (its cell carries the detail), and learns nothing with memory off', () => {
    const dup = new RecipeStream().turn().call('t1', 'scratchpad', { path: 'main' }, FAIL).call('t2', 'scratchpad', { path: 'main', code: 'x' }, OK);
    expect(recipesOf(dup.events)).toEqual([]);
    const off = new RecipeStream().session('off').turn().call('t1', 'Read', { path: 'a.cbl' }, FAIL).call('t2', 'Read', { path: 'a.cbl', encoding: 'latin-1' }, OK);
    expect(recipesOf(off.events)).toEqual([]);
  });

  it('scrubs secrets out of hints and keeps them short', () => {
    const key = `sk-ant-api03-${'a'.repeat(90)}`;
    const s = new RecipeStream().turn().call('t1', 'Fetch', { path: 'https://api.example.com/x' }, FAIL).call('t2', 'Fetch', { path: 'https://api.example.com/x', header: `Bearer ${key}`, api_key: 'hunter2hunter2', body: 'b'.repeat(300) }, OK);
    const [recipe] = recipesOf(s.events);
    const hint = recipe?.steps[0]?.hint ?? '';
    expect(hint).not.toContain(key.slice(0, 30));
    expect(hint).not.toContain('hunter2');
    expect(hint.length).toBeLessThanOrEqual(80);
    expect(recipe?.trigger.target).toEqual({ exact: 'https://api.example.com/x', glob: null });
  });

  it('gives the same recovery on two files of a kind the same id, and a different recovery another', () => {
    const one = (file: string, encoding: string) => recipesOf(new RecipeStream().turn().call('t1', 'Read', { path: file }, FAIL).call('t2', 'Read', { path: file, encoding }, OK).events)[0]?.recipeId;
    expect(one('a.cbl', 'latin-1')).toBe(one('deep/b.CBL', 'latin-1'));
    expect(one('a.cbl', 'latin-1')).not.toBe(one('a.cbl', 'cp037'));
  });

  it('matches a verdict without causation (a foreign log) to the latest failure of that tool and target', () => {
    const s = new RecipeStream().turn();
    s.events.push(
      buildEvent('executive.tool.called', { toolUseId: 't1', name: 'Read', input: { path: 'a.cbl' } }, { seq: 90, id: 'a' }),
      buildEvent('executive.tool.resulted', { toolUseId: 't1', name: 'Read', ok: false, error: 'boom' }, { seq: 91, id: 'b' }),
      buildEvent('cerebellum.error.classified', { errorClass: 'encoding', signature: 's', tool: 'Read', target: 'a.cbl', hint: '' }, { seq: 92, id: 'c', causationId: null }),
    );
    s.call('t2', 'Read', { path: 'a.cbl', encoding: 'latin-1' }, OK);
    expect(recipesOf(s.events).map((r) => r.evidence)).toEqual([{ failedToolUseId: 't1', succeededToolUseId: 't2' }]);
  });
});
