import type { AccParams, DetectorId } from '@engram/acc';
import { accProfiles } from '@engram/acc';
import { DETECTOR_PARAM_FIELDS } from '@engram/replay';
import type { ParamValue, SweepPlan } from './sweep-types.js';
import { SimUsageError } from './sim-usage-error.js';

/** A range may not expand past this many values: a typo like 1..100000 should not hang the run. */
const MAX_VALUES = 1_000;

export interface ParsedSweep {
  readonly detector: DetectorId;
  readonly field: keyof AccParams;
  readonly values: readonly ParamValue[];
}

const isDetector = (x: string): x is DetectorId => Object.hasOwn(DETECTOR_PARAM_FIELDS, x);

const wholeNumber = (text: string, arg: string): number => {
  if (!/^[1-9]\d*$/.test(text) || !Number.isSafeInteger(Number(text))) throw new SimUsageError({ reason: 'bad-sweep', message: `--sweep ${arg}: "${text}" is not a whole number of at least 1` });
  return Number(text);
};

/** `2..4` (inclusive), `2,3,5`, `true,false`; tool lists as `none` or `scratchpad+fetch`, comma-separated. */
const parseValues = (field: keyof AccParams, text: string, arg: string): ParamValue[] => {
  if (text === '') throw new SimUsageError({ reason: 'bad-sweep', message: `--sweep ${arg}: no values after "="; write a range (2..4) or a list (2,3,5)` });
  const current = accProfiles.anton[field];
  if (typeof current === 'number') {
    const range = /^(\d+)\.\.(\d+)$/.exec(text);
    if (range !== null) {
      const lo = wholeNumber(range[1] ?? '', arg);
      const hi = wholeNumber(range[2] ?? '', arg);
      if (lo > hi) throw new SimUsageError({ reason: 'bad-sweep', message: `--sweep ${arg}: range "${text}" runs backwards (${lo} > ${hi})` });
      if (hi - lo + 1 > MAX_VALUES) throw new SimUsageError({ reason: 'bad-sweep', message: `--sweep ${arg}: range "${text}" has more than ${MAX_VALUES} values` });
      return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
    }
    return text.split(',').map((v) => wholeNumber(v.trim(), arg));
  }
  if (typeof current === 'boolean')
    return text.split(',').map((v) => {
      if (v.trim() === 'true') return true;
      if (v.trim() === 'false') return false;
      throw new SimUsageError({ reason: 'bad-sweep', message: `--sweep ${arg}: "${v}" is not true or false` });
    });
  return text.split(',').map((v) => {
    const t = v.trim();
    if (t === 'none') return [];
    const tools = t.split('+').map((x) => x.trim());
    if (tools.some((x) => !/^[\w.-]+$/.test(x))) throw new SimUsageError({ reason: 'bad-sweep', message: `--sweep ${arg}: "${t}" is not a tool list (write none, or tool names joined by +)` });
    return tools;
  });
};

/**
 * Parses one `--sweep DETECTOR.FIELD=VALUES` (`acc.repeated-tool-error.minRun=2..4`). Fields are
 * the `AccParams` names or the short aliases `engram replay --params` accepts.
 */
export const parseSweep = (arg: string): ParsedSweep => {
  const eq = arg.indexOf('=');
  if (eq < 0) throw new SimUsageError({ reason: 'bad-sweep', message: `--sweep ${arg}: expected DETECTOR.FIELD=VALUES, e.g. acc.repeated-tool-error.minRun=2..4` });
  const key = arg.slice(0, eq).trim();
  if (isDetector(key)) throw new SimUsageError({ reason: 'bad-sweep', message: `--sweep ${arg}: name a field after the detector (${key}.FIELD); known: ${Object.keys(DETECTOR_PARAM_FIELDS[key]).join(', ')}` });
  const dot = key.lastIndexOf('.');
  const detector = dot < 0 ? key : key.slice(0, dot);
  if (!isDetector(detector)) throw new SimUsageError({ reason: 'bad-sweep', message: `--sweep ${arg}: "${key}" does not start with a detector id; known: ${Object.keys(DETECTOR_PARAM_FIELDS).join(', ')}` });
  const fields = DETECTOR_PARAM_FIELDS[detector];
  const name = key.slice(dot + 1);
  const field = fields[name];
  if (field === undefined) throw new SimUsageError({ reason: 'bad-sweep', message: `--sweep ${arg}: ${detector} has no field "${name}"; known: ${Object.keys(fields).join(', ')}` });
  return { detector, field, values: parseValues(field, arg.slice(eq + 1).trim(), arg) };
};

/** Parses every `--sweep` and groups them by detector; two sweeps of one field are an error. */
export const parseSweeps = (args: readonly string[]): SweepPlan => {
  const plan = new Map<DetectorId, Map<keyof AccParams, readonly ParamValue[]>>();
  for (const arg of args) {
    const s = parseSweep(arg);
    const grid = plan.get(s.detector) ?? new Map<keyof AccParams, readonly ParamValue[]>();
    if (grid.has(s.field)) throw new SimUsageError({ reason: 'bad-sweep', message: `--sweep ${arg}: ${s.detector}.${s.field} is swept twice` });
    grid.set(s.field, s.values);
    plan.set(s.detector, grid);
  }
  return plan;
};
