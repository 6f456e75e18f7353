import type { EventData } from '@engram/events';
import { pathSteps, type CallPattern } from '@engram/kernel';
import { namesReachedFor, type CallWarningInput } from './call-warning.js';
import { freshLines, scriptName, situationOf, type LatestRun, type WrittenScript } from './call-outcome-core.js';
import { goneRead } from './gone-paths.js';
import { knownRead } from './unknown-paths.js';
import { missingKey, outcomeKeys, runKeys, type OutcomeCounts } from './outcome-table.js';

/** What `callWarning` read before a call, as `cortex.precall.read` records it. */
export type CallWarningRead = EventData<'cortex.precall.read'>['callWarning'] & {};

const slice = <V>(m: ReadonlyMap<string, V>, keys: readonly string[]): [string, V][] => keys.flatMap((k) => (m.has(k) ? [[k, m.get(k) as V] as [string, V]] : []));


const NONE_WRITTEN: ReadonlyMap<string, WrittenScript> = new Map();

/**
 * The scripts the turn wrote that the warning reads, each with only the names that matter: the
 * call's own script (its length, for a first run), and the scripts that ran and worked while
 * mentioning a name the record says is missing (such a name was there after all).
 */
const writtenRead = (written: ReadonlyMap<string, WrittenScript>, own: string | null, names: ReadonlySet<string>): CallWarningRead['written'] =>
  [...written].flatMap(([file, script]): CallWarningRead['written'] => {
    const words = script.words.filter((w) => names.has(w));
    return file === own || (script.worked && words.length > 0) ? [[file, { lines: script.lines, words, worked: script.worked }]] : [];
  });

/**
 * What `callWarning` reads of its input, cut to what this call touches: the stored and the
 * turn's record under the call's own keys only (`runKeys` of its `outcomeKeys`: the project's
 * total, program, pattern, exact command, situation and a new script's size; and `m:` keys of the
 * names it reaches for that the record says are missing), its pattern's latest run, the scripts
 * of the turn it reads (`writtenRead`), the removed paths it could need (`goneRead`), the names of the files it needs that the turn knows (`knownRead`), and the lessons about its tool and pattern. `callWarning` on `callWarningInputOf` of this gives what it gives on the
 * whole input (a property test holds it): a long project's record is never logged whole. A
 * field added to `CallWarningInput` must be recorded here (and in the event's schema).
 */
export const callWarningRead = (w: CallWarningInput): CallWarningRead => {
  const situation = situationOf(w.latest, w.call);
  // The removed paths the call could need: a warning about them comes before everything else.
  const steps = pathSteps(w.call.tool, w.input);
  const gone = goneRead(w.gone ?? new Map(), steps);
  // The names of the files it needs that the turn knows: a warning about an unknown one comes next.
  const known = w.known === undefined || w.known === null ? null : knownRead(w.known, steps);
  // A call whose pattern worked this turn, or that names nothing to key on, is never warned about from the record: nothing else is read.
  if (situation === 'worked' || w.call.pattern === '') return { stored: [], turn: [], latest: slice(w.latest, [w.call.pattern]), written: [], gone, known, lessons: [] };
  const written = w.written ?? NONE_WRITTEN;
  // The names the call reaches for that the record says are missing: their keys, and what the turn's scripts say of them.
  const missing = [...new Set(namesReachedFor(w.call, w.input, written))].filter((n) => w.stored.has(missingKey(n)) || w.turn.has(missingKey(n)));
  const keys = [...runKeys(outcomeKeys(w.call, w.input, situation, freshLines(written, w.call, situation))), ...missing.map(missingKey)];
  return {
    stored: slice(w.stored, keys),
    turn: slice(w.turn, keys),
    latest: slice(w.latest, [w.call.pattern]),
    written: writtenRead(written, scriptName(w.call), new Set(missing)),
    gone,
    known,
    lessons: w.lessons.filter((l) => l.failed.tool === w.call.tool && l.failed.pattern === w.call.pattern).map((l) => ({ ...l, sessions: [...l.sessions] })),
  };
};

/** The input `callWarning` decides on, from its recorded read, the call and the call's recorded input. */
export const callWarningInputOf = (r: CallWarningRead, call: CallPattern, input: unknown): CallWarningInput => ({
  call,
  input,
  stored: new Map<string, OutcomeCounts>(r.stored),
  turn: new Map<string, OutcomeCounts>(r.turn),
  latest: new Map<string, LatestRun>(r.latest),
  written: new Map(r.written),
  // A read recorded before removed paths were (a log of an earlier version) had none.
  gone: new Map(r.gone ?? []),
  // Absent in a read recorded before unseen files were asked about: nothing is said of them.
  known: r.known === undefined || r.known === null ? null : new Set(r.known),
  lessons: r.lessons,
});
