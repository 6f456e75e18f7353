/**
 * @engram/sim: the simulation harness. Generates labelled synthetic turns (optionally built on
 * the turns of real event logs), sweeps the ACC detectors' params, scores precision, recall and
 * F1 per detector against the labels, recommends settings, and models learning efficacy.
 *
 * Consumes options (and, with `base`, event log files it only reads). Produces a `SimReport`
 * (plain JSON), its HTML page, and a saved profile when asked. Deterministic: the same options
 * and seed give the same report. Never writes a file except where `saveProfile` is told to.
 */
export { simulate, type SimulateOptions } from './simulate.js';
export { SimUsageError, type SimUsageReason } from './sim-usage-error.js';
export { buildSimReport, recommendedParams, type SimOptions } from './build-sim-report.js';
export type { SimReport, DetectorReport, SweepPoint } from './sim-report.js';
export type { BaseReport } from './base-report.js';
export type { EfficacyReport, EfficacyRun } from './efficacy-report.js';
export { renderSimHtml } from './render-sim-html.js';
export { saveProfile, isReservedProfile } from './save-profile.js';
export { parseSweeps, parseSweep, type ParsedSweep } from './parse-sweep.js';
export { parseMix } from './parse-mix.js';
export { DEFAULT_MIX, type ScenarioMix } from './scenario-mix.js';
export { DEFAULT_SWEEPS } from './default-sweeps.js';
export type { SweepPlan, DetectorGrid, Setting, ParamValue } from './sweep-types.js';
export { readBaseLogs, type BaseLogs, type BaseLogSummary } from './read-base-logs.js';
export { generateTurns } from './generate-turns.js';
export { generateTurn } from './generate-turn.js';
export { createPrng, type Prng } from './prng.js';
export { runSweep } from './run-sweep.js';
export type { SimTurn } from './sim-turn.js';
export { formatBase } from './format-base.js';
export { formatSim } from './format-sim.js';
