import type { EventDataMap } from '../catalog.js';

const engram = { text: 'Always write big outputs to disk in chunks.', kind: 'always', scope: 'global', confidence: 'high', topic: null, source: 'consolidation' } as const;

/** Plausible data for every type; builders start from these. The type forces one entry per type. */
export const defaultData: { readonly [T in keyof EventDataMap]: EventDataMap[T] } = {
  'executive.session.started': { project: '/work/demo', home: '/home/u/.engram', modes: { memory: 'autopilot', acc: 'active' } },
  'executive.session.ended': { reason: 'closed' },
  'executive.turn.started': { message: 'Summarise sales.csv by region' },
  'executive.turn.completed': { answer: 'Done.', rounds: 2, stopReason: 'end_turn' },
  'executive.turn.failed': { reason: 'llm', error: 'model unreachable' },
  'executive.turn.cancelled': { reason: 'user pressed Ctrl-C' },
  'executive.round.started': { round: 1 },
  'executive.round.completed': { round: 1, toolCalls: 1 },
  'executive.tool.called': { toolUseId: 'toolu_1', name: 'scratchpad', input: { action: 'exec', name: 'main' }, argsSummary: '{"action":"exec","name":"main"}' },
  'executive.tool.resulted': { toolUseId: 'toolu_1', name: 'scratchpad', ok: true, error: '', output: 'ok', durationMs: 12 },
  'executive.history.repaired': { reason: 'interrupted by error', sealedCount: 1 },
  'executive.cap.exhausted': { cap: 25 },
  'executive.fallback.resolved': {
    tool: 'read_file',
    target: 'legacy/PAYROLL.cbl',
    attempts: [
      { step: 'utf-8', ok: false, error: "UnicodeDecodeError: 'utf-8' codec can't decode byte 0x9c" },
      { step: 'latin-1', ok: true, error: '' },
    ],
    worked: 'latin-1',
  },
  'executive.tool.guarded': { toolUseId: 'toolu_4', name: 'publish', action: 'blocked', failures: 3, signature: "Refusing to save record for engine='X'", explanation: 'publish failed 3 times with the same error in this turn; change the approach.' },
  'scratchpad.cell.requested': { pad: 'main', cellId: 'c1', runtime: 'python', code: 'print(1)', codeLength: 8, description: 'print one', confirmedNewPad: false },
  'scratchpad.cell.executed': { pad: 'main', cellId: 'c1', ok: true, stdout: '1\n', stderr: '', error: '', stdoutLength: 2, truncated: false, durationMs: 30 },
  'scratchpad.cell.killed': { pad: 'main', cellId: 'c1', reason: 'Cell timed out after 30s', durationMs: 30_000 },
  'scratchpad.cell.rejected': { pad: 'main', reason: 'empty-code' },
  'scratchpad.pad.reset': { pad: 'main', reason: 'manual' },
  'llm.call.completed': {
    callId: 'call_1', provider: 'scripted', model: 'claude-sonnet-5-5', role: 'planning', purpose: 'turn', latencyMs: 420, attempts: 1,
    inputTokens: 1200, outputTokens: 80, costUsd: 0.0048, stopReason: 'end_turn', response: { content: [{ type: 'text', text: 'Done.' }] },
  },
  'llm.call.failed': { callId: 'call_1', provider: 'anthropic', model: 'claude-sonnet-5-5', role: 'coding', purpose: 'cerebellum', latencyMs: 30_000, attempts: 3, reason: 'timeout', message: 'no answer within 30 s' },
  'cortex.engram.proposed': { proposalId: 'p1', engram, origin: 'acc', gate: 'autopilot' },
  'cortex.engram.queued': { proposalId: 'p1', pendingId: 'q1' },
  'cortex.engram.confirmed': { pendingId: 'q1', decision: 'accepted', by: 'user' },
  'hippocampus.engram.encoded': { proposalId: 'p1', engram, file: '/home/u/.engram/memory/rules.md', outcome: 'added' },
  'cortex.context.injected': { target: 'system-prompt', tool: null, items: [{ id: 'acc.oversized-cell', kind: 'always', text: engram.text, why: 'global rule' }], tokens: 12 },
  'acc.lesson.detected': { lessonId: 'acc.reset-churn', detector: 'detect_reset_churn', kind: 'never', rule: 'Never reset the scratchpad to recover from errors.', triggers: ['scratchpad_reset'] },
  'acc.nudge.emitted': { lessonId: 'acc.reset-churn', detector: 'detect_reset_churn', rule: 'Never reset the scratchpad to recover from errors.', text: '[engram self-check: detect_reset_churn] Never reset the scratchpad to recover from errors.' },
  'cerebellum.error.classified': { errorClass: 'path-not-found', signature: 'No such file: /P', tool: 'scratchpad', target: 'main', hint: 'Check the path exists before reading it.' },
  'cerebellum.lesson.learned': { text: 'Check that a file exists before reading it.', topic: 'scratchpad', method: 'llm', cellIds: ['c1'] },
  'basal-ganglia.recipe.learned': {
    recipeId: 'basal-ganglia.recipe.encoding.0123456789ab',
    trigger: { errorClass: 'encoding', signature: "'utf-8' codec can't decode byte Q", tool: 'Read', target: { exact: 'src/PAYROLL.cbl', glob: '*.cbl' } },
    steps: [{ tool: 'Read', hint: "encoding: 'latin-1'" }],
    evidence: { failedToolUseId: 'toolu_1', succeededToolUseId: 'toolu_2' },
    confidence: 0.4,
  },
  'basal-ganglia.instinct.promoted': { instinctId: 'basal-ganglia.chain.Grep>Read>Edit', pattern: { kind: 'chain', tools: ['Grep', 'Read', 'Edit'] }, confidence: 0.92, observations: 14, sessions: 3, rule: 'Frequent tool chain: Grep->Read->Edit' },
  'basal-ganglia.instinct.archived': { instinctId: 'basal-ganglia.error-retry.Bash', reason: 'decayed' },
  'bus.subscriber.failed': { subscriber: 'acc', eventId: 'e1', eventType: 'executive.tool.resulted', error: 'TypeError: boom' },
  'store.log.repaired': { file: '/work/demo/.engram/events/20261122_031500_ab12.jsonl', truncatedBytes: 17, lastSeq: 41, tornText: '{"seq":42,"id":"' },
};
