import { defineDetector } from './detector.js';
import { isTruthy } from './is-truthy.js';
import { makeLesson } from './make-lesson.js';
import { valueKey } from './value-key.js';

export interface RepeatedToolErrorState {
  /** The tool of the current failure run, or null when the last tool result succeeded. */
  runTool: string | null;
  run: number;
  fired: boolean;
}

const lesson = makeLesson('acc.repeated-tool-error', 'acc.repeated-tool-error', 'detect_repeated_tool_error', ['tool_result']);

/**
 * Retrying a failing tool unchanged (anton.md §2.5 #3). "Consecutive" is among `tool_result`
 * events only: one global run, extended by a failure of the same tool, restarted by a failure
 * of another, ended by any success; other kinds neither extend nor break it. A missing
 * `success` counts as a failure and a missing name as "" (Anton's defaults). Tools listed in
 * `toolErrorIgnoredTools` are invisible to it (empty in the `anton` profile).
 */
export const detectRepeatedToolError = defineDetector<RepeatedToolErrorState>({
  id: 'acc.repeated-tool-error',
  antonName: 'detect_repeated_tool_error',
  reads: ['tool_result'],
  init: () => ({ runTool: null, run: 0, fired: false }),
  step: (s, o, p) => {
    if (o.kind !== 'tool_result') return s;
    const name = o.detail['name'] ?? '';
    if (p.toolErrorIgnoredTools.length > 0 && typeof name === 'string' && p.toolErrorIgnoredTools.includes(name)) return s;
    if (isTruthy(o.detail['success'])) {
      s.runTool = null;
      s.run = 0;
      return s;
    }
    const key = valueKey(name);
    if (s.runTool === key) s.run += 1;
    else {
      s.runTool = key;
      s.run = 1;
    }
    if (s.run >= p.minToolErrorRun) s.fired = true;
    return s;
  },
  verdict: (s) => (s.fired ? lesson : null),
});
