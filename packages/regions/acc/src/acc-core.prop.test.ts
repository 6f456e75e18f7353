import type { AnyDraft, AnyEnvelope, EventType } from '@engram/events';
import { arbitraryAnyEvent, buildEvent } from '@engram/events/testing';
import { foldCore } from '@engram/kernel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accCore, defaultAccCoreParams } from './acc-core.js';
import { lessonSlot } from './acc-lessons.js';
import type { LessonId } from './acc-lesson.js';
import { lessonToEngram } from './lesson-to-engram.js';
import { ACC_INPUT_TYPES } from './observation-from-envelope.js';
import { rememberEncoded } from './stored-lessons.js';

/** Engram envelopes the ACC reads, from small pools so that detectors fire often. */
const pad = fc.constantFrom('main', 'alt', 'third');
const accEvent: fc.Arbitrary<AnyEnvelope> = fc.oneof(
  fc.record({ pad, codeLength: fc.constantFrom(10, 6000), confirmedNewPad: fc.boolean() }).map((d) => buildEvent('scratchpad.cell.requested', d)),
  fc.record({ pad, ok: fc.boolean(), error: fc.constantFrom('Quota 5 exceeded', 'Quota 9 exceeded', 'boom') }).map((d) => buildEvent('scratchpad.cell.executed', d)),
  pad.map((p) => buildEvent('scratchpad.cell.rejected', { pad: p })),
  pad.map((p) => buildEvent('scratchpad.pad.reset', { pad: p })),
  fc.record({ pad, reason: fc.constantFrom('Cell timed out', 'liveness lost', '') }).map((d) => buildEvent('scratchpad.cell.killed', d)),
  fc.record({ name: fc.constantFrom('scratchpad', 'fetch'), ok: fc.boolean(), error: fc.constantFrom('HTTP 500 at /a', 'HTTP 502 at /b') }).map((d) => buildEvent('executive.tool.resulted', d)),
  fc.constant(buildEvent('executive.history.repaired')),
  fc.constant(buildEvent('executive.cap.exhausted')),
  fc.constant(buildEvent('executive.round.completed')),
);
const boundary = fc.constantFrom('executive.turn.completed', 'executive.turn.failed', 'executive.turn.cancelled').map((t) => buildEvent(t) as AnyEnvelope);
const turns = fc.array(fc.tuple(fc.array(accEvent, { maxLength: 40 }), boundary), { maxLength: 6 });

const inputTypes: ReadonlySet<EventType> = new Set(ACC_INPUT_TYPES);
const boundaries: ReadonlySet<EventType> = new Set(['executive.turn.completed', 'executive.round.completed', 'executive.turn.started', 'executive.turn.failed', 'executive.turn.cancelled']);

/** Splits what the core published into one list per turn (a boundary closes a turn). */
const perTurn = (events: readonly AnyEnvelope[], published: readonly AnyDraft[]): AnyDraft[][] => {
  const byCause = new Map<string, AnyDraft[]>();
  for (const d of published) byCause.set(d.causationId ?? '', [...(byCause.get(d.causationId ?? '') ?? []), d]);
  const out: AnyDraft[][] = [[]];
  for (const e of events) {
    out[out.length - 1]?.push(...(byCause.get(e.id) ?? []));
    if (e.type === 'executive.turn.completed' || e.type === 'executive.turn.failed' || e.type === 'executive.turn.cancelled') out.push([]);
  }
  return out;
};

const withIds = (events: readonly AnyEnvelope[]): AnyEnvelope[] => events.map((e, i) => ({ ...e, seq: i + 1, id: `e${i + 1}` }));
const flatten = (ts: readonly (readonly [readonly AnyEnvelope[], AnyEnvelope])[]): AnyEnvelope[] =>
  withIds(ts.flatMap(([body, end]) => [buildEvent('executive.turn.started') as AnyEnvelope, ...body, end]));

describe('accCore properties', () => {
  it('is deterministic', () => {
    fc.assert(
      fc.property(turns, (ts) => {
        const events = flatten(ts);
        expect(foldCore(accCore, defaultAccCoreParams, events).published).toEqual(foldCore(accCore, defaultAccCoreParams, events).published);
      }),
    );
  });

  it('publishes nothing for streams of events it does not read', () => {
    const unread = arbitraryAnyEvent.filter((e) => !inputTypes.has(e.type) && !boundaries.has(e.type) && e.type !== 'executive.session.started');
    fc.assert(
      fc.property(fc.array(unread, { maxLength: 30 }), (body) => {
        const events = withIds([buildEvent('executive.turn.started'), ...body, buildEvent('executive.round.completed'), buildEvent('executive.turn.completed')]);
        expect(foldCore(accCore, defaultAccCoreParams, events).published).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });

  it('gives at most one lesson and one nudge per detector per turn, never both kill-loop variants, and learns nothing from failed or cancelled turns', () => {
    fc.assert(
      fc.property(turns, (ts) => {
        const events = flatten(ts);
        const turnsOut = perTurn(events, foldCore(accCore, defaultAccCoreParams, events).published);
        turnsOut.forEach((out, i) => {
          const lessons = out.flatMap((d) => (d.type === 'acc.lesson.detected' ? [d.data.lessonId as LessonId] : []));
          const nudges = out.flatMap((d) => (d.type === 'acc.nudge.emitted' ? [d.data.lessonId as LessonId] : []));
          expect(new Set(lessons.map(lessonSlot)).size).toBe(lessons.length);
          expect(new Set(nudges.map(lessonSlot)).size).toBe(nudges.length);
          if (i < ts.length && ts[i]?.[1].type !== 'executive.turn.completed') expect(lessons).toEqual([]);
        });
      }),
    );
  });

  it('never lets both kill-loop variants into memory when lessons are stored slot by slot', () => {
    fc.assert(
      fc.property(turns, (ts) => {
        const { published } = foldCore(accCore, defaultAccCoreParams, flatten(ts));
        const memory = new Set<LessonId>();
        for (const d of published) if (d.type === 'acc.lesson.detected') rememberEncoded(memory, lessonToEngram(d.data));
        expect(memory.has('acc.kill-loop.heavy') && memory.has('acc.kill-loop.liveness')).toBe(false);
      }),
    );
  });
});
