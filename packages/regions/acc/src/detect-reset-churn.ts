import { countDetector } from './count-detector.js';

/** Resetting pads over and over is using reset as an error handler (anton.md §2.5 #5). */
export const detectResetChurn = countDetector('acc.reset-churn', 'detect_reset_churn', 'scratchpad_reset', 'minResets');
