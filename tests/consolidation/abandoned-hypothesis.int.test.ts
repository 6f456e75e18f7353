import type { EventData } from '@engram/events';
import { describe, expect, it } from 'vitest';
import { pendingReplays } from '@engram/cortex';
import { consolidateTurnEnd } from '@engram/cortex/consolidation-effects';
import { consolidationHarness } from './consolidation-harness.js';

// Issue 14, "mentions are not assertions": a turn in which the model tests a hypothesis, sees it
// fail, drops it and succeeds another way. The model's consolidation answer (served by the local
// fake Anthropic API through the real SDK) restates the dropped hypothesis beside the real
// finding, as models do; only the finding may become a proposal.

const h = consolidationHarness('20261124_070000_ab12');

const cell = (cellId: string, description: string, code: string, outcome: Partial<EventData<'scratchpad.cell.executed'>>) => {
  h.bus.publish('scratchpad.cell.requested', { pad: 'main', cellId, runtime: 'python', code, codeLength: code.length, description, confirmedNewPad: false });
  h.bus.publish('scratchpad.cell.executed', { pad: 'main', cellId, ok: true, stdout: '', stderr: '', error: '', stdoutLength: 0, truncated: false, durationMs: 5, ...outcome });
};

const turnEnd = async () => {
  const turn = h.bus.publish('executive.turn.completed', { answer: 'Revenue is 1.2M.', rounds: 3, stopReason: 'end_turn' });
  return consolidateTurnEnd(pendingReplays(h.core.state(), turn.id), h.core.state().params, await h.llm());
};

const proposed = () => h.seen.flatMap((e) => (e.type === 'cortex.engram.proposed' ? [e.data.engram.text] : []));

describe('consolidation stores what the turn found, not what it tried and dropped', () => {
  it('drops the abandoned hypothesis and keeps the finding and the rule against the failed approach', async () => {
    cell('c1', 'hypothesis: revenue lives in the legacy_sales table', "df = read_table('legacy_sales')\nprint(df.revenue.sum())", {
      ok: false,
      error: "KeyError: 'revenue' (legacy_sales has no revenue column)",
    });
    cell('c2', 'sum invoice totals instead', "inv = read_table('invoices')\nprint(inv.total.sum())", { stdout: '1200000\n', stdoutLength: 8 });
    h.server.enqueue({
      kind: 'tool',
      input: {
        items: [
          { text: 'Revenue lives in the legacy_sales table', confidence: 'medium' },
          { text: 'Revenue is the sum of invoices.total', confidence: 'high', topic: 'revenue' },
          { text: 'Never read revenue from legacy_sales', kind: 'never' },
        ],
      },
    });

    const outcomes = await turnEnd();

    expect(outcomes).toMatchObject([{ status: 'extracted', cellIds: ['c1', 'c2'] }]);
    expect(proposed()).toEqual(['Revenue is the sum of invoices.total', 'Never read revenue from legacy_sales']);
  });

  it('keeps a hypothesis that a later cell confirmed after a first failure', async () => {
    cell('c1', 'hypothesis: revenue lives in the legacy_sales table', "df = read_table('legacy_sales')\nprint(df.revenue.sum())", { ok: false, error: 'TimeoutError: warehouse busy' });
    cell('c2', 'retry after the timeout: revenue lives in the legacy_sales table', "df = read_table('legacy_sales')\nprint(df.revenue.sum())", { stdout: '1200000\n', stdoutLength: 8 });
    h.server.enqueue({ kind: 'tool', input: { items: [{ text: 'Revenue lives in the legacy_sales table', confidence: 'high' }] } });

    await turnEnd();

    expect(proposed()).toEqual(['Revenue lives in the legacy_sales table']);
  });
});
