import { defineDetector } from './detector.js';
import { isTruthy } from './is-truthy.js';
import { makeLesson } from './make-lesson.js';
import { valueKey } from './value-key.js';

export interface NameSwitchState {
  readonly seen: Set<string>;
  /** Distinct names that count as a switch target (all of them unless a confirmed new pad is honoured). */
  counted: number;
}

const lesson = makeLesson('acc.name-switch', 'acc.name-switch', 'detect_name_switch', ['scratchpad_call']);

/**
 * Cells spread over several pad names rebuild state in isolated environments (anton.md §2.5 #1):
 * fires when the distinct truthy names on `scratchpad_call` reach the threshold, in any order.
 * With `honourConfirmedNewPad` (not in the `anton` profile) a new name whose call carries
 * `confirm_new_scratchpad: true` is not counted: the model chose the second pad deliberately.
 */
export const detectNameSwitch = defineDetector<NameSwitchState>({
  id: 'acc.name-switch',
  antonName: 'detect_name_switch',
  reads: ['scratchpad_call'],
  init: () => ({ seen: new Set(), counted: 0 }),
  step: (s, o, p) => {
    const name = o.detail['name'];
    if (o.kind !== 'scratchpad_call' || !isTruthy(name)) return s;
    const key = valueKey(name);
    if (s.seen.has(key)) return s;
    s.seen.add(key);
    const deliberate = p.honourConfirmedNewPad && s.seen.size > 1 && o.detail['confirm_new_scratchpad'] === true;
    if (!deliberate) s.counted += 1;
    return s;
  },
  verdict: (s, p) => (s.counted >= p.minDistinctPads ? lesson : null),
});
