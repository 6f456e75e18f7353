import type { AnyEnvelope, Envelope, EventType } from '@engram/events';
import { observation, type Observation } from './observation.js';

/**
 * Severities Anton's emitters assign per kind (anton.md §2.3). Fixed here because engram's
 * events carry outcomes, not judgements; only severity-climb reads them.
 */
export const SEVERITY = Object.freeze({ call: 1, success: 1, failure: 5, reset: 5, repair: 5, killed: 6, emptyCode: 7, cap: 9 });

type Mapper<T extends EventType> = (e: Envelope<T>) => Observation;

/**
 * The engram events the ACC reads, each mapped onto Anton's vocabulary (anton.md §2.2) with
 * Anton's detail keys, so the detectors read engram streams and Anton traces alike. Unlike
 * Anton, error and reason texts arrive whole (not cut to 300/120 chars), so JSON error envelopes
 * still unwrap (anton.md §15.11).
 */
const MAPPERS: { readonly [T in EventType]?: Mapper<T> } = {
  'scratchpad.cell.requested': (e) =>
    observation(
      'scratchpad_call',
      { name: e.data.pad, code_len: e.data.codeLength, one_line_description: e.data.description, confirm_new_scratchpad: e.data.confirmedNewPad },
      SEVERITY.call,
      e.round,
    ),
  'scratchpad.cell.executed': (e) =>
    observation(
      'scratchpad_result',
      { name: e.data.pad, success: e.data.ok, stdout_len: e.data.stdoutLength, error: e.data.error },
      e.data.ok ? SEVERITY.success : SEVERITY.failure,
      e.round,
    ),
  'scratchpad.cell.rejected': (e) => observation('scratchpad_empty_code', { name: e.data.pad }, SEVERITY.emptyCode, e.round),
  'scratchpad.pad.reset': (e) => observation('scratchpad_reset', { name: e.data.pad, reason: e.data.reason }, SEVERITY.reset, e.round),
  'scratchpad.cell.killed': (e) => observation('scratchpad_killed', { name: e.data.pad, reason: e.data.reason }, SEVERITY.killed, e.round),
  'executive.tool.called': (e) => observation('tool_call', { name: e.data.name, args_summary: e.data.argsSummary }, SEVERITY.call, e.round),
  'executive.tool.resulted': (e) =>
    observation(
      'tool_result',
      { name: e.data.name, success: e.data.ok, error: e.data.ok ? '' : e.data.error },
      e.data.ok ? SEVERITY.success : SEVERITY.failure,
      e.round,
    ),
  'executive.history.repaired': (e) =>
    observation('history_repair', { reason: e.data.reason, sealed_count: e.data.sealedCount }, SEVERITY.repair, e.round),
  'executive.cap.exhausted': (e) => observation('cap_exhausted', { cap: e.data.cap }, SEVERITY.cap, e.round),
};

/** The engram event types the detectors read (everything else is ignored by them). */
export const ACC_INPUT_TYPES = Object.freeze(Object.keys(MAPPERS) as EventType[]);

/** Maps an engram event onto the ACC vocabulary, or null for events the detectors do not read. */
export const observationFromEnvelope = (e: AnyEnvelope): Observation | null => {
  const map = MAPPERS[e.type] as Mapper<EventType> | undefined;
  return map === undefined ? null : map(e);
};
