import type { LessonId, RuleKind } from './acc-lesson.js';

/**
 * The lesson texts, in engram's words. Each keeps the phrase Anton's users and tools search for
 * (anton.md §2.5, "test anchor"): `ONE scratchpad`, `5 KB`, `don't retry`, `same error
 * message`, reset + scratchpad, `killed`, `round cap`. Tests check the anchors, never the prose.
 */
export const ACC_RULES: { readonly [K in LessonId]: { readonly kind: RuleKind; readonly rule: string } } = {
  'acc.name-switch': {
    kind: 'always',
    rule:
      'Use ONE scratchpad name per task: every name is a separate, isolated environment, so moving to a new one ' +
      '(say from build_pres to write_html) repeats every import and fetch and wastes rounds.',
  },
  'acc.oversized-cell': {
    kind: 'always',
    rule:
      'Keep each scratchpad cell under about 5 KB of code: write large outputs to disk in chunks (open the file once ' +
      'for writing, then append), because one huge string can drop the code parameter and silently waste a round.',
  },
  'acc.repeated-tool-error': {
    kind: 'when',
    rule:
      "When a tool call fails, don't retry it with the same arguments: read the error, change one thing, then try " +
      'again; a run of identical failures means escalate or switch tools.',
  },
  'acc.repeated-error-signature': {
    kind: 'when',
    rule:
      'When the same error message keeps coming back within a turn, its cause has not changed: stop, fix the ' +
      'precondition, use another tool or tell the user. The signature is the signal, not the tool name.',
  },
  'acc.reset-churn': {
    kind: 'never',
    rule:
      'Never reset the scratchpad to get out of errors: debug in place, and reset only when the environment itself ' +
      'is truly corrupted.',
  },
  'acc.kill-loop.liveness': {
    kind: 'when',
    rule:
      'When a scratchpad cell is killed because its worker hung or died (liveness, inactivity), retry the same cell ' +
      'unchanged on the same pad, which restarts itself; do NOT shrink the batch; state an estimated run time and ' +
      'call progress(); if it hangs twice, put a timeout on the native call.',
  },
  'acc.kill-loop.heavy': {
    kind: 'when',
    rule:
      'When scratchpad cells get killed for running too long, make the next cell smaller, narrower or give it a ' +
      'timeout, on the same pad; two kills, even across renamed pads, mean the approach is too heavy.',
  },
  'acc.severity-climb': {
    kind: 'when',
    rule:
      'When successive results on the same target keep getting worse, the strategy is wrong: switch approach or ' +
      'tell the user rather than pushing on.',
  },
  'acc.repair-churn': {
    kind: 'when',
    rule:
      'When the conversation history needs repairing again and again, tool_use and tool_result pairs are being ' +
      'left malformed: pause, tell the user and ask for direction.',
  },
  'acc.cap-exhausted': {
    kind: 'when',
    rule:
      "When a turn hits the round cap, the goal did not fit the budget: don't quietly declare it done; write a short " +
      'post-mortem of what was tried, what failed and what to try next.',
  },
};
