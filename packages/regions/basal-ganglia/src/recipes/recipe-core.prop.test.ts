import type { AnyEnvelope, EventData } from '@engram/events';
import { foldCore } from '@engram/kernel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_HINT_CHARS } from './parameter-hint.js';
import { recipeCore } from './recipe-core.js';
import { defaultRecipeParams, type RecipeParams } from './recipe-params.js';
import { RecipeStream } from './recipe-stream.test-helper.js';

type Recipe = EventData<'basal-ganglia.recipe.learned'>;

/** Parameter variants a call may carry; variant 0 is the plain call every retry repeats. */
const VARIANTS: readonly Record<string, unknown>[] = [{}, { encoding: 'latin-1' }, { encoding: 'cp037', strict: false }];
const CODES = ['x = read()', "x = read(encoding='latin-1')", 'x = read(binary=True)'];

const step = fc.oneof(
  { weight: 6, arbitrary: fc.record({ k: fc.constant('call' as const), tool: fc.constantFrom('Read', 'Probe'), target: fc.constantFrom('a.cbl', 'b.csv'), variant: fc.nat(2), ok: fc.boolean(), classified: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('cell' as const), pad: fc.constantFrom('main', 'etl'), variant: fc.nat(2), ok: fc.boolean(), classified: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('turn' as const), which: fc.constantFrom('started' as const, 'completed' as const, 'failed' as const, 'cancelled' as const) }) },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const params: fc.Arbitrary<RecipeParams> = fc.record({ maxSteps: fc.integer({ min: 1, max: 6 }), maxOpenFailures: fc.integer({ min: 1, max: 4 }) }).map((p) => ({ ...defaultRecipeParams, ...p }));

/** What the test knows about each call: its turn, tool, target and outcome, by call id. */
interface Known {
  readonly turn: number;
  readonly index: number;
  readonly tool: string;
  readonly target: string;
  readonly ok: boolean;
}

const toStream = (steps: readonly Step[], onlyVariant0 = false): { events: AnyEnvelope[]; calls: Map<string, Known> } => {
  const s = new RecipeStream().turn();
  const calls = new Map<string, Known>();
  let turn = 0;
  steps.forEach((st, i) => {
    const errorClass = st.k !== 'turn' && !st.classified ? null : 'encoding';
    if (st.k === 'turn') {
      s.turn(st.which);
      turn++;
    } else if (st.k === 'call') {
      const id = `t${i}`;
      s.call(id, st.tool, { path: st.target, ...VARIANTS[onlyVariant0 ? 0 : st.variant] }, { ok: st.ok, errorClass });
      calls.set(id, { turn, index: i, tool: st.tool, target: st.target, ok: st.ok });
    } else {
      const id = `c${i}`;
      s.cell(id, st.pad, CODES[onlyVariant0 ? 0 : st.variant] ?? '', { ok: st.ok, errorClass });
      calls.set(id, { turn, index: i, tool: 'scratchpad', target: st.pad, ok: st.ok });
    }
  });
  return { events: s.events, calls };
};

const recipesOf = (events: readonly AnyEnvelope[], p: RecipeParams): Recipe[] =>
  foldCore(recipeCore, p, events).published.flatMap((d) => (d.type === 'basal-ganglia.recipe.learned' ? [d.data] : []));

const steps = fc.array(step, { maxLength: 40 });

describe('recipeCore properties', () => {
  it('every recipe answers a failure with a later success of the same tool on the same target, in the same turn, in at most maxSteps steps', () => {
    let learned = 0;
    fc.assert(
      fc.property(steps, params, (list, p) => {
        const { events, calls } = toStream(list);
        for (const r of recipesOf(events, p)) {
          learned++;
          const failed = calls.get(r.evidence.failedToolUseId);
          const succeeded = calls.get(r.evidence.succeededToolUseId);
          expect(failed?.ok).toBe(false);
          expect(succeeded?.ok).toBe(true);
          expect(succeeded?.tool).toBe(failed?.tool);
          expect(succeeded?.target).toBe(failed?.target);
          expect(succeeded?.turn).toBe(failed?.turn);
          expect(succeeded?.index ?? -1).toBeGreaterThan(failed?.index ?? Infinity);
          expect(r.trigger.tool).toBe(failed?.tool);
          expect(r.trigger.target.exact).toBe(failed?.target);
          expect(r.steps.length).toBeGreaterThanOrEqual(1);
          expect(r.steps.length).toBeLessThanOrEqual(p.maxSteps);
          for (const s of r.steps) expect(s.hint.length).toBeLessThanOrEqual(MAX_HINT_CHARS);
        }
      }),
    );
    expect(learned, 'the generator reaches recipes at all').toBeGreaterThan(0);
  });

  it('never learns from identical retries: when every call on a target repeats the same parameters, no recipe', () => {
    fc.assert(
      fc.property(steps, params, (list, p) => {
        const sameToolOnly = list.map((s) => (s.k === 'call' ? { ...s, tool: 'Read' as const } : s));
        expect(recipesOf(toStream(sameToolOnly, true).events, p)).toEqual([]);
      }),
    );
  });

  it('learns nothing without a classified failure', () => {
    fc.assert(
      fc.property(steps, params, (list, p) => {
        const unclassified = list.map((s) => (s.k === 'turn' ? s : { ...s, classified: false }));
        expect(recipesOf(toStream(unclassified).events, p)).toEqual([]);
      }),
    );
  });

  it('is deterministic: folding the same log twice publishes the same recipes, with the same ids', () => {
    fc.assert(
      fc.property(steps, params, (list, p) => {
        const { events } = toStream(list);
        expect(foldCore(recipeCore, p, events).published).toEqual(foldCore(recipeCore, p, events).published);
      }),
    );
  });
});
