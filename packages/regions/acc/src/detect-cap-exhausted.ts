import { countDetector } from './count-detector.js';

/** Running out of rounds means the goal did not fit the budget (anton.md §2.5 #9). */
export const detectCapExhausted = countDetector('acc.cap-exhausted', 'detect_cap_exhausted', 'cap_exhausted', 'minCapHits');
