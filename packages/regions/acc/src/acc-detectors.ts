import type { AnyDetector } from './detector.js';
import { detectCapExhausted } from './detect-cap-exhausted.js';
import { detectKillLoop } from './detect-kill-loop.js';
import { detectNameSwitch } from './detect-name-switch.js';
import { detectOversizedCell } from './detect-oversized-cell.js';
import { detectRepairChurn } from './detect-repair-churn.js';
import { detectRepeatedErrorSignature } from './detect-repeated-error-signature.js';
import { detectRepeatedToolError } from './detect-repeated-tool-error.js';
import { detectResetChurn } from './detect-reset-churn.js';
import { detectSeverityClimb } from './detect-severity-climb.js';

/** The nine detectors in Anton's order, which is also the order of lessons and nudges. */
export const ACC_DETECTORS: readonly AnyDetector[] = Object.freeze([
  detectNameSwitch,
  detectOversizedCell,
  detectRepeatedToolError,
  detectRepeatedErrorSignature,
  detectResetChurn,
  detectKillLoop,
  detectSeverityClimb,
  detectRepairChurn,
  detectCapExhausted,
]);
