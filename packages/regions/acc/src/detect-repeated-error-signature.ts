import { errorSignature } from '@engram/kernel';
import { defineDetector } from './detector.js';
import { isTruthy } from './is-truthy.js';
import { makeLesson } from './make-lesson.js';

export interface RepeatedErrorSignatureState {
  readonly counts: Map<string, number>;
  fired: boolean;
}

const lesson = makeLesson('acc.repeated-error-signature', 'acc.repeated-error-signature', 'detect_repeated_error_signature', [
  'tool_result',
  'scratchpad_result',
]);

/**
 * The same failure coming back, whatever tool or pad produced it (anton.md §2.5 #4): counts the
 * normalised signature (§2.4) of every failed `tool_result` / `scratchpad_result` with a
 * non-empty error; fires when one signature reaches the threshold, consecutive or not. A
 * missing `success` reads as success here (the opposite of repeated-tool-error, as in Anton).
 */
export const detectRepeatedErrorSignature = defineDetector<RepeatedErrorSignatureState>({
  id: 'acc.repeated-error-signature',
  antonName: 'detect_repeated_error_signature',
  reads: ['tool_result', 'scratchpad_result'],
  init: () => ({ counts: new Map(), fired: false }),
  step: (s, o, p) => {
    if (o.kind !== 'tool_result' && o.kind !== 'scratchpad_result') return s;
    const success = o.detail['success'];
    const error = o.detail['error'];
    if ((success === undefined || isTruthy(success)) || !isTruthy(error)) return s;
    const signature = errorSignature(typeof error === 'string' ? error : JSON.stringify(error));
    const count = (s.counts.get(signature) ?? 0) + 1;
    s.counts.set(signature, count);
    if (count >= p.minSignatureRepeats) s.fired = true;
    return s;
  },
  verdict: (s) => (s.fired ? lesson : null),
});
