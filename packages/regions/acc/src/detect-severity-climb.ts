import { defineDetector } from './detector.js';
import { isTruthy } from './is-truthy.js';
import { makeLesson } from './make-lesson.js';
import { valueKey } from './value-key.js';

interface Climb {
  last: number;
  run: number;
}

export interface SeverityClimbState {
  readonly byName: Map<string, Climb>;
  fired: boolean;
}

const lesson = makeLesson('acc.severity-climb', 'acc.severity-climb', 'detect_severity_climb', ['scratchpad_result', 'tool_result']);

/**
 * Things getting worse on one target (anton.md §2.5 #7): every event with a truthy
 * `detail.name`, of any kind, joins its name's sequence (pads and tools share one name-space,
 * as in Anton). A strictly increasing run of severities that reaches the run length with a
 * severity at or above the floor fires; an equal or lower value restarts the run.
 */
export const detectSeverityClimb = defineDetector<SeverityClimbState>({
  id: 'acc.severity-climb',
  antonName: 'detect_severity_climb',
  reads: 'all',
  init: () => ({ byName: new Map(), fired: false }),
  step: (s, o, p) => {
    const name = o.detail['name'];
    if (!isTruthy(name)) return s;
    const key = valueKey(name);
    const climb = s.byName.get(key);
    let run = 1;
    if (climb === undefined) s.byName.set(key, { last: o.severity, run });
    else {
      run = o.severity > climb.last ? climb.run + 1 : 1;
      climb.last = o.severity;
      climb.run = run;
    }
    if (run >= p.minClimbRun && o.severity >= p.minClimbSeverity) s.fired = true;
    return s;
  },
  verdict: (s) => (s.fired ? lesson : null),
});
