import type { AnyEnvelope } from '@engram/events';
import { normalizeEntryText } from '@engram/runtime';

/** How often an entry was put in front of the model, and whether the pattern behind it stayed away. */
export interface EntryUsage {
  /** Injection events that carried the entry. */
  readonly injections: number;
  /** Turns in which it was injected. */
  readonly turns: number;
  /** Of those turns, the ones in which the lesson that produced it did not fire again. */
  readonly hits: number;
  /** hits / turns; null when nothing can be judged (never injected, or no detector lesson behind it). */
  readonly hitRate: number | null;
}

interface TurnUse {
  readonly ids: Map<string, number>;
  readonly texts: Map<string, number>;
  readonly fired: Set<string>;
}

/** Per log and turn: which entries were injected (by id and text, with counts) and which lesson ids fired. */
export type UsageIndex = readonly (readonly TurnUse[])[];

/** Indexes every log once, so each entry's usage is a lookup; pure. */
export const usageIndex = (logs: readonly (readonly AnyEnvelope[])[]): UsageIndex =>
  logs.map((events) => {
    const turns = new Map<number, TurnUse>();
    const at = (turn: number): TurnUse => {
      let t = turns.get(turn);
      if (t === undefined) turns.set(turn, (t = { ids: new Map(), texts: new Map(), fired: new Set() }));
      return t;
    };
    for (const e of events) {
      if (e.type === 'cortex.context.injected') {
        const t = at(e.turn);
        for (const item of e.data.items) {
          t.ids.set(item.id, (t.ids.get(item.id) ?? 0) + 1);
          const text = normalizeEntryText(item.text);
          t.texts.set(text, (t.texts.get(text) ?? 0) + 1);
        }
      } else if (e.type === 'acc.nudge.emitted' || e.type === 'acc.lesson.detected') at(e.turn).fired.add(e.data.lessonId);
    }
    return [...turns.values()];
  });

/**
 * An entry's usage, the audit's hit rate (docs/audit.md) narrowed to one entry: of the turns it
 * was injected in, the share in which none of `lessonIds` (the detector lessons its provenance
 * names) fired again. Matched by id, else by text (an entry edited by hand keeps neither).
 */
export const entryUsage = (index: UsageIndex, entry: { readonly id: string; readonly text: string }, lessonIds: ReadonlySet<string>): EntryUsage => {
  const text = normalizeEntryText(entry.text);
  let injections = 0;
  let turns = 0;
  let hits = 0;
  for (const log of index)
    for (const t of log) {
      const n = t.ids.get(entry.id) ?? t.texts.get(text) ?? 0;
      if (n === 0) continue;
      injections += n;
      turns++;
      if (lessonIds.size > 0 && ![...lessonIds].some((id) => t.fired.has(id))) hits++;
    }
  return { injections, turns, hits, hitRate: lessonIds.size === 0 || turns === 0 ? null : Math.round((hits / turns) * 1000) / 1000 };
};
