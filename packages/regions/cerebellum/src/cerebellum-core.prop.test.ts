import type { AnyEnvelope } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import { foldCore } from '@engram/kernel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cerebellumCore } from './cerebellum-core.js';
import { defaultCerebellumParams, type CerebellumParams } from './cerebellum-params.js';

/** Error texts drawn from every class, so the streams exercise the whole rule table. */
const ERRORS = [
  "ModuleNotFoundError: No module named 'x'",
  'KeyError: 1',
  'SyntaxError: invalid syntax',
  "FileNotFoundError: [Errno 2] No such file or directory: 'a'",
  'Error: connect ECONNREFUSED 127.0.0.1:80',
  "UnicodeDecodeError: 'utf-8' codec can't decode byte 0x81",
];

/** One step of a session: cells (clean, failed, warning, killed), tool results, turn boundaries, model answers. */
const step = fc.oneof(
  fc.record({ k: fc.constant('clean' as const), id: fc.nat(20), out: fc.string({ maxLength: 5 }) }),
  fc.record({ k: fc.constant('failed' as const), id: fc.nat(20), error: fc.constantFrom(...ERRORS), pad: fc.constantFrom('main', 'etl') }),
  fc.record({ k: fc.constant('warning' as const), id: fc.nat(20) }),
  fc.record({ k: fc.constant('killed' as const), id: fc.nat(20) }),
  fc.record({ k: fc.constant('tool' as const), ok: fc.boolean(), error: fc.constantFrom(...ERRORS) }),
  fc.record({ k: fc.constantFrom('started' as const, 'completed' as const, 'failed-turn' as const, 'cancelled' as const) }),
  fc.record({ k: fc.constantFrom('answer' as const, 'no-answer' as const), back: fc.nat(6) }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** Builds envelopes; a model answer points back at one of the turn completions seen so far. */
const toEvents = (steps: readonly Step[]): AnyEnvelope[] => {
  const completions: string[] = [];
  return steps.map((s, i): AnyEnvelope => {
    const meta = { seq: i + 1 };
    switch (s.k) {
      case 'clean':
        return buildEvent('scratchpad.cell.executed', { cellId: `c${s.id}`, ok: true, stdout: s.out, stderr: '', error: '' }, meta);
      case 'failed':
        return buildEvent('scratchpad.cell.executed', { cellId: `c${s.id}`, pad: s.pad, ok: false, error: s.error }, meta);
      case 'warning':
        return buildEvent('scratchpad.cell.executed', { cellId: `c${s.id}`, ok: false, error: '', stderr: 'UserWarning: careful' }, meta);
      case 'killed':
        return buildEvent('scratchpad.cell.killed', { cellId: `c${s.id}` }, meta);
      case 'tool':
        return buildEvent('executive.tool.resulted', { name: 'read_file', ok: s.ok, error: s.ok ? '' : s.error }, meta);
      case 'started':
        return buildEvent('executive.turn.started', {}, meta);
      case 'completed':
        completions.push(`evt-${i + 1}`);
        return buildEvent('executive.turn.completed', {}, meta);
      case 'failed-turn':
        return buildEvent('executive.turn.failed', {}, meta);
      case 'cancelled':
        return buildEvent('executive.turn.cancelled', {}, meta);
      case 'answer':
      case 'no-answer': {
        const causationId = completions[completions.length - 1 - s.back] ?? null;
        const content = [{ type: 'tool_use' as const, id: 't', name: 'DiffPassResult', input: { lessons: [{ text: 'Lesson.', topic: 't' }] } }];
        return s.k === 'answer'
          ? buildEvent('llm.call.completed', { purpose: 'cerebellum', response: { content } }, { ...meta, causationId })
          : buildEvent('llm.call.failed', { purpose: 'cerebellum' }, { ...meta, causationId });
      }
    }
  });
};

const params = fc.record({
  postMortem: fc.constantFrom('llm' as const, 'classifier' as const),
  maxCellsPerFlush: fc.integer({ min: 0, max: 5 }),
  maxLessonsPerFlush: fc.integer({ min: 0, max: 4 }),
  maxPendingFlushes: fc.integer({ min: 0, max: 3 }),
});
const withDefaults = (p: Partial<CerebellumParams>): CerebellumParams => ({ ...defaultCerebellumParams, ...p });

describe('cerebellumCore properties', () => {
  it('is deterministic: the same log gives the same events', () => {
    fc.assert(
      fc.property(params, fc.array(step, { maxLength: 60 }), (p, steps) => {
        const events = toEvents(steps);
        expect(foldCore(cerebellumCore, withDefaults(p), events).published).toEqual(foldCore(cerebellumCore, withDefaults(p), events).published);
      }),
    );
  });

  it('never buffers a clean cell, never holds more than the cap, and never publishes for clean cells', () => {
    fc.assert(
      fc.property(params, fc.array(step, { maxLength: 60 }), (p, steps) => {
        const core = cerebellumCore;
        let state = core.initialState(withDefaults(p));
        for (const e of toEvents(steps)) {
          state = core.evolve(state, e);
          const out = core.react(state, e, withDefaults(p));
          expect(state.buffer.cells.length).toBeLessThanOrEqual(p.maxCellsPerFlush);
          expect(state.buffer.cells.every((c) => c.error.trim() !== '' || c.stderr.trim() !== '' || c.killed)).toBe(true);
          expect(state.pending.size).toBeLessThanOrEqual(p.maxPendingFlushes);
          for (const flush of state.pending.values()) expect(flush.cells.length).toBeLessThanOrEqual(p.maxCellsPerFlush);
          if (e.type === 'scratchpad.cell.executed' && e.data.ok) expect(out).toEqual([]);
          for (const d of out) if (d.type === 'cerebellum.lesson.learned') expect(d.data.cellIds.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('a session of only clean cells and turn boundaries publishes nothing (the cheap path)', () => {
    const cleanOnly = step.filter((s) => s.k === 'clean' || s.k === 'started' || s.k === 'completed');
    fc.assert(
      fc.property(params, fc.array(cleanOnly, { maxLength: 40 }), (p, steps) => {
        expect(foldCore(cerebellumCore, withDefaults(p), toEvents(steps)).published).toEqual([]);
      }),
    );
  });
});
