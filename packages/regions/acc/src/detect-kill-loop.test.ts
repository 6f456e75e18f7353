import { describe, expect, it } from 'vitest';
import { classifyKill } from './classify-kill.js';
import { detectKillLoop } from './detect-kill-loop.js';
import { observation as o } from './observation.js';
import { runDetector } from './run-detector.js';

const TIMEOUT = 'Cell timed out after 120s';
const LIVENESS = 'Cell killed: liveness check failed';
const INACTIVITY = 'Cell killed after 60s of inactivity';
/** The scratchpad's memory-cap kill (issue 11): the cell did too much at once, like a timeout. */
const MEMORY = "Cell killed: over the pad's memory limit of 2048 MB (ENGRAM_PAD_MEMORY_MB; too heavy for one cell)";
const kill = (reason?: string, name = 'pad') => o('scratchpad_killed', reason === undefined ? { name } : { name, reason }, 6);

describe('detectKillLoop', () => {
  // anton.md §2.5, the kill-loop decision matrix [probed].
  it.each([
    ['timeout, timeout', [TIMEOUT, TIMEOUT], 'acc.kill-loop.heavy'],
    ['liveness, liveness', [LIVENESS, LIVENESS], 'acc.kill-loop.liveness'],
    ['inactivity, inactivity', [INACTIVITY, INACTIVITY], 'acc.kill-loop.liveness'],
    ['liveness, timeout', [LIVENESS, TIMEOUT], null],
    ['liveness, timeout, timeout', [LIVENESS, TIMEOUT, TIMEOUT], 'acc.kill-loop.heavy'],
    ['liveness, liveness, timeout', [LIVENESS, LIVENESS, TIMEOUT], 'acc.kill-loop.liveness'],
    ['liveness x2, timeout x2 (tie goes to liveness)', [LIVENESS, TIMEOUT, LIVENESS, TIMEOUT], 'acc.kill-loop.liveness'],
    ['ambig, ambig', [undefined, undefined], null],
    ['without producing any output x2', ['Cell killed without producing any output', 'Cell killed without producing any output'], null],
    ['auto-install ... liveness x2', ['auto-install stalled (liveness)', 'auto-install stalled (liveness)'], null],
    ['timeout (single)', [TIMEOUT], null],
    ['memory, memory', [MEMORY, MEMORY], 'acc.kill-loop.heavy'],
    ['memory, timeout', [MEMORY, TIMEOUT], 'acc.kill-loop.heavy'],
    ['liveness, memory, memory', [LIVENESS, MEMORY, MEMORY], 'acc.kill-loop.heavy'],
  ] as const)('%s -> %s', (_label, reasons, expected) => {
    expect(runDetector(detectKillLoop, reasons.map((r) => kill(r)))?.id ?? null).toBe(expected);
  });

  it('is name-agnostic: renaming pads does not hide the loop', () => {
    expect(runDetector(detectKillLoop, [kill(TIMEOUT, 'a'), kill(TIMEOUT, 'b')])?.id).toBe('acc.kill-loop.heavy');
  });

  it('gives both variants the anchor "killed", kind when and trigger scratchpad_killed', () => {
    for (const reasons of [[TIMEOUT, TIMEOUT], [LIVENESS, LIVENESS]]) {
      const lesson = runDetector(detectKillLoop, reasons.map((r) => kill(r)));
      expect(lesson?.rule.toLowerCase()).toContain('killed');
      expect(lesson).toMatchObject({ kind: 'when', triggers: ['scratchpad_killed'], detector: 'acc.kill-loop', antonDetector: 'detect_kill_loop' });
    }
  });

  it('classifies in Anton order: auto-install, liveness/inactivity, empty/no-output, else heavy', () => {
    expect(classifyKill('AUTO-INSTALL timed out')).toBe('ambiguous');
    expect(classifyKill('Inactivity')).toBe('liveness');
    expect(classifyKill('')).toBe('ambiguous');
    expect(classifyKill(null)).toBe('ambiguous');
    expect(classifyKill('Cancelled by user')).toBe('heavy');
  });
});
