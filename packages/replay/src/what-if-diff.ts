import type { AnyEnvelope } from '@engram/events';
import type { DerivedEvent } from './derived-event.js';

/** Per turn, the ACC lessons (and nudges) a what-if would add or lose compared with the recording. */
export interface WhatIfTurn {
  readonly turn: number;
  readonly appeared: string[];
  readonly disappeared: string[];
  readonly nudgesAppeared: string[];
  readonly nudgesDisappeared: string[];
}

type IdsByTurn = Map<number, { lessons: Set<string>; nudges: Set<string> }>;

const add = (m: IdsByTurn, turn: number, kind: 'lessons' | 'nudges', id: string): void => {
  let t = m.get(turn);
  if (t === undefined) m.set(turn, (t = { lessons: new Set(), nudges: new Set() }));
  t[kind].add(id);
};

const minus = (a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): string[] => [...(a ?? [])].filter((x) => !(b?.has(x) ?? false));

/**
 * Compares the lesson ids the what-if derived with the ones the log recorded, turn by turn.
 * Lessons are keyed on their stable ids (never on prose). Cerebellum lessons do not depend on
 * the ACC thresholds and are left out. Turns with no change are left out.
 */
export const whatIfDiff = (events: readonly AnyEnvelope[], whatIf: readonly DerivedEvent[]): WhatIfTurn[] => {
  const recorded: IdsByTurn = new Map();
  const derived: IdsByTurn = new Map();
  for (const e of events) {
    if (e.type === 'acc.lesson.detected') add(recorded, e.turn, 'lessons', e.data.lessonId);
    else if (e.type === 'acc.nudge.emitted') add(recorded, e.turn, 'nudges', e.data.lessonId);
  }
  for (const d of whatIf) {
    if (d.type === 'acc.lesson.detected') add(derived, d.turn, 'lessons', d.data.lessonId);
    else if (d.type === 'acc.nudge.emitted') add(derived, d.turn, 'nudges', d.data.lessonId);
  }
  const turns = [...new Set([...recorded.keys(), ...derived.keys()])].sort((a, b) => a - b);
  return turns.flatMap((turn) => {
    const r = recorded.get(turn);
    const d = derived.get(turn);
    const t: WhatIfTurn = {
      turn,
      appeared: minus(d?.lessons, r?.lessons),
      disappeared: minus(r?.lessons, d?.lessons),
      nudgesAppeared: minus(d?.nudges, r?.nudges),
      nudgesDisappeared: minus(r?.nudges, d?.nudges),
    };
    return t.appeared.length + t.disappeared.length + t.nudgesAppeared.length + t.nudgesDisappeared.length > 0 ? [t] : [];
  });
};
