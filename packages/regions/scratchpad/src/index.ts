/**
 * @packageDocumentation
 * @engram/scratchpad: the scratchpad: isolated, named, stateful code runtimes (Node and Python), hook-agnostic.
 *
 * Consumes: nothing from the bus: the runtime asks it to run a cell and publishes what it reports.
 * Emits: scratchpad.cell.requested, scratchpad.cell.executed, scratchpad.cell.killed,
 *   scratchpad.cell.rejected, scratchpad.pad.reset.
 * Never: alters the code it is asked to run (secrets are scrubbed from what is stored and shown, never
 *   from what runs), or outlives its host: a closed pad leaves no process behind.
 */
export { createScratchpadHost, type ScratchpadHost, type ScratchpadHostOptions, type ExecRequest, type RuntimeCommand, type PadIsolation } from './effects/create-scratchpad-host.js';
export type { EnvironScrub } from './effects/scrub-own-environ.js';
export { parsePadMemoryMb, PAD_MEMORY_ENV, DEFAULT_PAD_MEMORY_MB, MAX_PAD_MEMORY_MB } from './parse-pad-memory-mb.js';
export { PAD_MARKER_ENV } from './select-pad-processes.js';
export { SCRATCHPAD_RUNTIMES, isCleanCell, diedError, type CellResult, type CellStatus, type ScratchpadRuntime } from './cell-result.js';
export { toCellEvent, type CellEventDraft } from './to-cell-event.js';
export {
  killReason,
  livenessKillReason,
  timeoutKillReason,
  cancelledReason,
  externalKillReason,
  memoryKillReason,
  formatSeconds,
  STATE_LOST_NOTICE,
  FRESH_PROCESS_NOTICE,
  type KillCause,
} from './kill-reasons.js';
export { validatePadName, padNameProblem, PadNameError, MAX_PAD_NAME_LENGTH } from './pad-name.js';
export { ScratchpadError, type ScratchpadErrorCode } from './scratchpad-error.js';
export { scrubChildEnv, looksLikeSecretEnvName, isSecretEnvEntry, ENV_ALLOW_LIST, ENV_ALLOW_PREFIXES, SECRET_ENV_PATTERNS } from './scrub-child-env.js';
export { DEFAULT_LIMITS, SCRATCHPAD_LIMIT_REASONS, MAX_VIEW_CELLS, VIEW_TEXT_CHARS, type ScratchpadLimits } from './scratchpad-limits.js';
export { OutputCapture, truncateText, truncationMarker, TRUNCATION_REASON, type CapturedOutput } from './output-capture.js';
export { CellOutputStream } from './cell-output-stream.js';
export { encodeCellRequest, parseHostMessage, LineSplitter, type CellRequest, type HostMessage, type ParsedHostMessage } from './host-protocol.js';
export type { CellRecord, PadInfo, PadView } from './pad-view.js';
