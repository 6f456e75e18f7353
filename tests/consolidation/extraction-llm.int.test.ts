import type { Envelope, EventData } from '@engram/events';
import { describe, expect, it } from 'vitest';
import { consolidateTurnEnd, type ReplayOutcome } from '@engram/cortex/consolidation-effects';
import { isConsolidated, pendingReplays, waitingCells } from '@engram/cortex';
import { consolidationHarness } from './consolidation-harness.js';

const SECRET = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789';

const h = consolidationHarness('20261122_031500_ab12');

const cell = (cellId: string, outcome: Partial<EventData<'scratchpad.cell.executed'>>, description = `step ${cellId}`) => {
  h.bus.publish('scratchpad.cell.requested', { pad: 'main', cellId, runtime: 'python', code: `API_KEY = "${SECRET}"\nrun_${cellId}()`, codeLength: 30, description, confirmedNewPad: false });
  h.bus.publish('scratchpad.cell.executed', { pad: 'main', cellId, ok: true, stdout: '', stderr: '', error: '', stdoutLength: 0, truncated: false, durationMs: 5, ...outcome });
};

/** Ends a turn and runs consolidation's effect for it, as the host would after the core saw it. */
const endTurn = async (): Promise<{ turn: Envelope<'executive.turn.completed'>; outcomes: ReplayOutcome[] }> => {
  const turn = h.bus.publish('executive.turn.completed', { answer: 'Done.', rounds: 1, stopReason: 'end_turn' });
  const outcomes = await consolidateTurnEnd(pendingReplays(h.core.state(), turn.id), h.core.state().params, await h.llm());
  return { turn, outcomes };
};

const proposals = () => h.seen.flatMap((e) => (e.type === 'cortex.engram.proposed' ? [e] : []));

describe('consolidation through the LLM port (local fake server)', () => {
  it('extracts on a replay: the answer becomes proposals on the bus, the cells are consolidated, no secret leaves', async () => {
    cell('c1', { stdout: 'loaded 1200 rows\n' });
    cell('c2', { ok: false, error: `KeyError: 'price' (key ${SECRET})` }, `index by price with ${SECRET}`);
    h.server.enqueue({ kind: 'tool', input: { items: [{ text: 'The orders table names its price column unit_price', confidence: 'high', topic: 'orders' }, { text: 'Check df.columns before indexing', kind: 'always' }] } });

    const { turn, outcomes } = await endTurn();

    expect(outcomes).toEqual([{ pad: 'main', cellIds: ['c1', 'c2'], status: 'extracted', items: expect.any(Array) as unknown }]);
    const completed = h.seen.find((e) => e.type === 'llm.call.completed');
    expect(completed).toMatchObject({ causationId: turn.id, data: { purpose: 'consolidation' } });
    expect(proposals().map((p) => [p.data.engram.text, p.data.engram.kind, p.data.engram.confidence, p.data.origin, p.causationId])).toEqual([
      ['The orders table names its price column unit_price', 'lesson', 'high', 'consolidation', completed?.id],
      ['Check df.columns before indexing', 'always', 'medium', 'consolidation', completed?.id],
    ]);
    expect(isConsolidated(h.core.state(), 'main', 'c1') && isConsolidated(h.core.state(), 'main', 'c2')).toBe(true);

    const body = JSON.stringify(h.server.requests[0]?.body);
    expect(body).toContain('Cell 1 [ok]: step c1 → loaded 1200 rows');
    expect(body).toContain('ConsolidatedLessons');
    expect(body).not.toContain('abcdefghijklmnopqrstuvwxyz0123456789');

    // Nothing new: the next turn end asks the model nothing (Anton would re-send both cells).
    const again = await endTurn();
    expect(again.outcomes).toEqual([]);
    expect(h.server.requests).toHaveLength(1);
  });

  it('on a failed call proposes nothing, keeps the cells, and retries them at the next turn end', async () => {
    cell('c1', {});
    cell('c2', { ok: false, error: 'ValueError: day is out of range for month' });
    h.server.enqueue({ kind: 'status', status: 400, message: 'bad request' });

    const first = await endTurn();

    expect(first.outcomes).toMatchObject([{ status: 'failed', reason: 'bad_request', cellIds: ['c1', 'c2'] }]);
    expect(h.seen.some((e) => e.type === 'llm.call.failed' && e.causationId === first.turn.id)).toBe(true);
    expect(proposals()).toEqual([]);
    expect(waitingCells(h.core.state(), 'main').map((c) => c.cellId)).toEqual(['c1', 'c2']);

    h.server.enqueue({ kind: 'tool', input: { items: [{ text: 'Dates in the exports are day-first', confidence: 'high' }] } });
    const second = await endTurn();

    expect(second.outcomes).toMatchObject([{ status: 'extracted', cellIds: ['c1', 'c2'] }]);
    expect(proposals().map((p) => p.data.engram.text)).toEqual(['Dates in the exports are day-first']);
    expect(h.server.requests).toHaveLength(2);
    expect(JSON.stringify(h.server.requests[1]?.body)).toContain('Cell 2 [error]: step c2 → ERROR: ValueError: day is out of range for month');
  });
});
