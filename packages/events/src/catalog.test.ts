import { describe, expect, it } from 'vitest';
import { catalog, eventTypes } from './catalog.js';
import { CONSUMERS, SOURCES } from './sources.js';
import { sourceOf } from './envelope.js';

/** Anton's nine ACC event kinds and the engram type that carries each one's detail. */
const ANTON_KIND_MAP = {
  scratchpad_call: ['scratchpad.cell.requested', ['pad', 'codeLength', 'description']],
  scratchpad_result: ['scratchpad.cell.executed', ['pad', 'ok', 'stdoutLength', 'error']],
  scratchpad_empty_code: ['scratchpad.cell.rejected', ['pad']],
  scratchpad_reset: ['scratchpad.pad.reset', ['pad', 'reason']],
  scratchpad_killed: ['scratchpad.cell.killed', ['pad', 'reason']],
  tool_call: ['executive.tool.called', ['name', 'argsSummary']],
  tool_result: ['executive.tool.resulted', ['name', 'ok', 'error']],
  history_repair: ['executive.history.repaired', ['reason', 'sealedCount']],
  cap_exhausted: ['executive.cap.exhausted', ['cap']],
} as const;

describe('the event catalog', () => {
  it.each(eventTypes)('%s declares an emitter matching its type prefix', (type) => {
    const def = catalog[type];
    expect(SOURCES).toContain(def.emitter);
    expect(sourceOf(type)).toBe(def.emitter);
  });

  it.each(eventTypes)('%s declares a consumer or a written reason why none', (type) => {
    const def = catalog[type];
    if ('none' in def.consumers) expect(def.consumers.none.trim().length).toBeGreaterThan(10);
    else {
      expect(def.consumers.length).toBeGreaterThan(0);
      for (const c of def.consumers) expect(CONSUMERS).toContain(c);
    }
  });

  it.each(eventTypes)('%s follows <source>.<noun>.<pastParticiple> and has a version with a full upcaster chain', (type) => {
    expect(type).toMatch(/^[a-z-]+\.[a-z]+\.[a-z]+$/);
    const def = catalog[type];
    expect(Number.isInteger(def.v) && def.v >= 1).toBe(true);
    for (let v = 1; v < def.v; v++) expect(def.upcasters?.[v], `upcaster ${v}->${v + 1}`).toBeTypeOf('function');
    expect(def.description.length).toBeGreaterThan(10);
  });

  it('maps each of Anton\'s nine ACC event kinds onto a type carrying the same detail', () => {
    expect(Object.keys(ANTON_KIND_MAP)).toHaveLength(9);
    for (const [type, fields] of Object.values(ANTON_KIND_MAP)) {
      const shape = (catalog[type].schema as unknown as { shape: Record<string, unknown> }).shape;
      for (const f of fields) expect(shape, `${type}.${f}`).toHaveProperty(f);
    }
  });

  it('is closed: type names are unique', () => {
    expect(new Set(eventTypes).size).toBe(eventTypes.length);
  });
});
