/**
 * @engram/replay: re-derives what a session learned from its recorded event log.
 *
 * Consumes recorded events (a JSONL log file, or envelopes a host already holds) and folds them
 * through the region cores with effects switched off: recorded outcomes (tool results, cells, LLM
 * answers, encodings) stand in for I/O. Produces per-turn summaries of what was derived, and with
 * `check` every divergence between what the cores derive and what the log recorded; with what-if
 * params, the lessons and nudges other thresholds would have produced. Also replays an Anton ACC
 * trace through the detectors with the frozen `anton` profile.
 *
 * Never writes: no memory, no log, no effect is run. Never reads anything but the file it is given.
 */
export { replayLogFile, type LogFileReplay, type LogFileReplayOptions } from './replay-log-file.js';
export { replaySession, type SessionReplay, type SessionReplayOptions } from './replay-session.js';
export { createSessionReplayer, type SessionReplayer } from './session-replayer.js';
export { parseWhatIfParams, WhatIfParamsError, type WhatIfParams } from './parse-what-if-params.js';
export { compareDerived } from './compare-derived.js';
export type { Divergence, ShownEvent } from './divergence.js';
export type { TurnSummary } from './turn-summary.js';
export type { WhatIfTurn } from './what-if-diff.js';
export { foldSession, createSessionFold, type SessionFold } from './fold-session.js';
export type { DerivedEvent, ReplayCoreName } from './derived-event.js';
export { isDerivedEvent, isDerivedType } from './derived-types.js';
export { replayParamsFor, replayParamsWith, type ReplayParams } from './replay-params.js';
export { inferPostMortem } from './infer-post-mortem.js';
export { DETECTOR_PARAM_FIELDS } from './detector-param-fields.js';
export { recordSession, type RecordedInput, type RecordOptions } from './record-session.js';
export { syntheticTurn, syntheticEffects, ROUNDS_PER_TURN } from './synthetic-session.js';
export { parseAntonTrace, TraceError, type AntonTrace, type TraceEvent, type TraceSkip } from './parse-anton-trace.js';
export { replayAntonAcc, type AntonAccReplay, type ReplayedLesson, type ReplayedNudge } from './replay-anton-acc.js';
export { jsonEqual } from './json-equal.js';
export { canonicalJson } from './canonical-json.js';
export { readWhatIfParams } from './effects/read-what-if-params.js';
export { replayJson } from './replay-json.js';
export { formatAntonAcc } from './replay-text.js';
export { replayLogs, type ReplaySource } from './effects/replay-logs.js';
