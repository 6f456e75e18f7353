// The executive's pure core, without the turn machine (XState): what `brainCores` and replay load.
export { executiveCore, verdictFor, TURN_ERRORS_KEPT, CALL_LESSON_SIGNATURE, type ExecutiveState, type HostNudge, type HostLesson } from './executive-core.js';
export { defaultExecutiveParams, EXECUTIVE_PARAM_REASONS, type ExecutiveParams } from './executive-params.js';
export { breakerCall, breakerVerdict, recordToolResult, unknownCall, UNKNOWN_INPUT, defaultBreakerParams, BREAKER_PARAM_REASONS, NO_STREAKS, type BreakerParams, type BreakerLimits, type BreakerVerdict, type BreakerCall, type Streak, type Streaks } from './tool-breaker.js';
export { inputSignature, DESCRIPTIVE_INPUT_KEYS } from './input-signature.js';
