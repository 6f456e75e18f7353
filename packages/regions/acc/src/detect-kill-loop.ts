import { classifyKill } from './classify-kill.js';
import { defineDetector } from './detector.js';
import { makeLesson } from './make-lesson.js';

export interface KillLoopState {
  liveness: number;
  heavy: number;
}

const liveness = makeLesson('acc.kill-loop.liveness', 'acc.kill-loop', 'detect_kill_loop', ['scratchpad_killed']);
const heavy = makeLesson('acc.kill-loop.heavy', 'acc.kill-loop', 'detect_kill_loop', ['scratchpad_killed']);

/**
 * Cells killed again and again (anton.md §2.5 #6), name-agnostic so renaming pads cannot hide
 * the loop. Kills are classified by reason; ambiguous ones count for neither class. The
 * liveness variant wins ties; the verdict is one variant or none, never both, and may move from
 * one variant to the other as kills arrive (the nudge slot and the memory slot are per detector).
 */
export const detectKillLoop = defineDetector<KillLoopState>({
  id: 'acc.kill-loop',
  antonName: 'detect_kill_loop',
  reads: ['scratchpad_killed'],
  init: () => ({ liveness: 0, heavy: 0 }),
  step: (s, o) => {
    if (o.kind !== 'scratchpad_killed') return s;
    const cls = classifyKill(o.detail['reason']);
    if (cls === 'liveness') s.liveness += 1;
    else if (cls === 'heavy') s.heavy += 1;
    return s;
  },
  verdict: (s, p) => {
    if (s.liveness >= s.heavy && s.liveness >= p.minKills) return liveness;
    if (s.heavy > s.liveness && s.heavy >= p.minKills) return heavy;
    return null;
  },
});
