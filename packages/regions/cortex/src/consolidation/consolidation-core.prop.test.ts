import type { AnyDraft, AnyEnvelope } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import { foldCore } from '@engram/kernel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONSOLIDATION_TOOL } from './consolidated-lessons.js';
import { CONSOLIDATION_PURPOSE, cellKey, consolidationCore, pendingReplays, type ConsolidationState } from './consolidation-core.js';
import { defaultConsolidationParams, type ConsolidationParams } from './consolidation-params.js';

type Command =
  | { readonly kind: 'cell'; readonly pad: string; readonly cellId: number; readonly error: boolean; readonly killed: boolean }
  | { readonly kind: 'turn-start' }
  | { readonly kind: 'turn-end' }
  | { readonly kind: 'turn-abort'; readonly how: 'failed' | 'cancelled' }
  | { readonly kind: 'answer'; readonly ok: boolean; readonly items: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('cell' as const), pad: fc.constantFrom('a', 'b', 'c'), cellId: fc.nat(40), error: fc.boolean(), killed: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'turn-start' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'turn-end' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('turn-abort' as const), how: fc.constantFrom('failed' as const, 'cancelled' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('answer' as const), ok: fc.boolean(), items: fc.nat(7) }) },
);

/** Long enough sessions that pads reach their thresholds and answers find replays in flight. */
const commands = fc.array(command, { minLength: 20, maxLength: 150, size: 'max' });

const paramsArb: fc.Arbitrary<ConsolidationParams> = fc.record({
  minCells: fc.integer({ min: 1, max: 3 }),
  longSessionCells: fc.integer({ min: 2, max: 6 }),
  maxCellsPerReplay: fc.integer({ min: 1, max: 8 }),
  maxAttemptsPerCell: fc.integer({ min: 1, max: 3 }),
  maxTurnsInFlight: fc.integer({ min: 0, max: 2 }),
}).map((p) => ({ ...defaultConsolidationParams, ...p }));

/**
 * Runs commands against the core the way the live session would: an `answer` answers the oldest
 * turn end that still has a replay in flight (as the effect's sequential calls would). Returns
 * the log it produced and the cells of every replay whose answer was usable.
 */
const simulate = (commands: readonly Command[], params: ConsolidationParams) => {
  let state: ConsolidationState = consolidationCore.initialState(params);
  const log: AnyEnvelope[] = [];
  const extracted: string[][] = [];
  const published: AnyDraft[] = [];
  const turnEnds: string[] = [];
  const push = (e: AnyEnvelope) => {
    log.push(e);
    state = consolidationCore.evolve(state, e);
    published.push(...consolidationCore.react(state, e, params));
  };
  const meta = () => ({ seq: log.length + 1 });
  for (const c of commands) {
    if (c.kind === 'cell') {
      const cellId = `c${c.cellId}`;
      push(buildEvent('scratchpad.cell.requested', { pad: c.pad, cellId, description: `do ${cellId}` }, meta()));
      if (c.killed) push(buildEvent('scratchpad.cell.killed', { pad: c.pad, cellId, reason: 'Cell killed' }, meta()));
      else push(buildEvent('scratchpad.cell.executed', { pad: c.pad, cellId, ok: !c.error, error: c.error ? 'boom' : '' }, meta()));
    } else if (c.kind === 'turn-start') {
      push(buildEvent('executive.turn.started', {}, meta()));
    } else if (c.kind === 'turn-abort') {
      push(buildEvent(c.how === 'failed' ? 'executive.turn.failed' : 'executive.turn.cancelled', {}, meta()) as AnyEnvelope);
    } else if (c.kind === 'turn-end') {
      const e = buildEvent('executive.turn.completed', {}, meta()) as AnyEnvelope;
      turnEnds.push(e.id);
      push(e);
    } else {
      const cid = turnEnds.find((id) => pendingReplays(state, id).length > 0);
      if (cid === undefined) continue;
      const replay = pendingReplays(state, cid)[0];
      if (c.ok && replay !== undefined) extracted.push(replay.cells.map((cell) => cellKey(cell.pad, cell.cellId)));
      const items = Array.from({ length: c.items }, (_, i) => ({ text: `lesson ${i % 4}` }));
      push(
        (c.ok
          ? buildEvent('llm.call.completed', { purpose: CONSOLIDATION_PURPOSE, response: { content: [{ type: 'tool_use', id: 't', name: CONSOLIDATION_TOOL, input: { items } }] } }, { ...meta(), causationId: cid })
          : buildEvent('llm.call.failed', { purpose: CONSOLIDATION_PURPOSE }, { ...meta(), causationId: cid })),
      );
    }
  }
  return { log, extracted, published, state };
};

describe('consolidationCore properties', () => {
  it('never consolidates a cell twice, across any sequence of turns, answers and failures', () => {
    fc.assert(
      fc.property(commands, paramsArb, (cmds, params) => {
        const { extracted, state } = simulate(cmds, params);
        const all = extracted.flat();
        expect(new Set(all).size).toBe(all.length);
        expect(state.consolidated.size).toBe(all.length);
      }),
    );
  });

  it('keeps every cell in at most one place: waiting, in flight, consolidated or given up', () => {
    fc.assert(
      fc.property(commands, paramsArb, (cmds, params) => {
        const { state } = simulate(cmds, params);
        const places = [
          ...[...state.waiting.values()].flat().map((c) => cellKey(c.pad, c.cellId)),
          ...[...state.inFlight.values()].flatMap((f) => f.replays.flatMap((r) => r.cells.map((c) => cellKey(c.pad, c.cellId)))),
          ...state.consolidated,
          ...state.abandoned,
        ];
        expect(new Set(places).size).toBe(places.length);
      }),
    );
  });

  it('proposes at most maxItems per usable answer, all from consolidation', () => {
    fc.assert(
      fc.property(commands, paramsArb, (cmds, params) => {
        const { published, extracted } = simulate(cmds, params);
        const proposed = published.flatMap((d) => (d.type === 'cortex.engram.proposed' ? [d.data] : []));
        expect(proposed.length).toBeLessThanOrEqual(extracted.length * params.maxItems);
        expect(proposed.every((p) => p.origin === 'consolidation' && p.engram.source === 'consolidation')).toBe(true);
      }),
    );
  });

  it('is deterministic: folding the recorded log again derives the same events and state', () => {
    fc.assert(
      fc.property(commands, paramsArb, (cmds, params) => {
        const live = simulate(cmds, params);
        const replayed = foldCore(consolidationCore, params, live.log);
        expect(replayed.published.map((d) => d.data)).toEqual(live.published.map((d) => d.data));
        expect([...replayed.state.consolidated]).toEqual([...live.state.consolidated]);
        expect([...replayed.state.waiting]).toEqual([...live.state.waiting]);
      }),
    );
  });
});
