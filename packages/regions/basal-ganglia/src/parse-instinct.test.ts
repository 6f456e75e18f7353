import { describe, expect, it } from 'vitest';
import type { Instinct } from './instinct.js';
import { instinctFileName } from './instinct-file-name.js';
import { parseInstinct } from './parse-instinct.js';
import { renderGeneratedRules } from './render-generated-rules.js';
import { renderInstinct } from './render-instinct.js';

const instinct: Instinct = {
  id: 'basal-ganglia.chain.Grep>Read>Edit--x',
  kind: 'chain',
  tools: ['Grep', 'Read', 'Edit--x'],
  description: 'Frequent tool chain: Grep->Read->Edit--x',
  status: 'promoted',
  confidence: 0.952,
  frequency: 1,
  consistency: 1,
  observations: 30,
  selfConfirmed: 0,
  sessions: 4,
  sessionsInWindow: 4,
  firstSeen: '2026-03-07T09:02:00.000Z',
  lastSeen: '2026-03-13T09:26:00.000Z',
  updatedAt: '2026-03-13T21:00:00.000Z',
  promotedAt: '2026-03-13T21:00:00.000Z',
  archivedAt: null,
  archiveReason: null,
};

describe('instinct files', () => {
  it('render in the seed format and parse back to the same record', () => {
    const text = renderInstinct(instinct);
    expect(text).toContain('- Confidence: 95%');
    expect(text).toContain('- Sessions: 4/4');
    expect(parseInstinct(text)).toEqual({ ok: true, instinct });
  });

  it('report a broken record instead of throwing', () => {
    expect(parseInstinct('# hand written')).toMatchObject({ ok: false });
    expect(parseInstinct('<!-- engram-instinct {"id":1} -->')).toMatchObject({ ok: false, problem: expect.stringContaining('id') as unknown });
  });

  it('get a safe file name that keeps distinct ids apart', () => {
    const name = instinctFileName('basal-ganglia.chain.../../etc>x');
    expect(name).not.toContain('/');
    expect(name).toMatch(/\.md$/);
    expect(instinctFileName('a>b')).not.toBe(instinctFileName('a<b'));
  });

  it("become generated rules in the seed's format", () => {
    expect(renderGeneratedRules([instinct])).toContain('- **[95%, 30x seen]** Frequent tool chain: Grep->Read->Edit--x (seen 30x)');
  });
});
