import { describe, expect, it } from 'vitest';
import { MAX_MEMORIZE_ENTRIES, MAX_MEMORIZE_TEXT, handleMemorize, memorizeFailed, memorizeReport, planMemorize } from './memorize-tool.js';

describe('planMemorize', () => {
  it('falls back to lesson and project, and trusts the call as Anton does (high, user)', () => {
    const plan = planMemorize({ entries: [{ text: ' Use UTC ', kind: 'bogus', scope: 'everywhere' }, { text: 'Name: Ada', kind: 'profile', scope: 'global', topic: 'me' }] }, true);
    expect(plan).toEqual({
      ok: true,
      engrams: [
        { text: 'Use UTC', kind: 'lesson', scope: 'project', confidence: 'high', topic: null, source: 'user' },
        { text: 'Name: Ada', kind: 'profile', scope: 'global', confidence: 'high', topic: 'me', source: 'user' },
      ],
      refused: [],
      corrections: [null, null],
    });
  });

  it("carries an entry's `supersedes` (the entry it corrects), scrubbed and trimmed", () => {
    const plan = planMemorize({ entries: [{ text: 'Limit is 100', supersedes: ' 0123456789abcdef ' }, { text: 'Other', supersedes: '  ' }] }, true);
    expect(plan.ok && plan.corrections).toEqual(['0123456789abcdef', null]);
  });

  it('scrubs secrets before anything is stored', () => {
    const plan = planMemorize({ entries: [{ text: 'the key is sk-ant-api03-abcdefghijklmnopqrstuvwxyz', kind: 'lesson' }] }, true);
    expect(plan.ok && plan.engrams[0]?.text).toBe('the key is [REDACTED:anthropic-key]');
  });

  it('refuses empty and overlong entries one by one, and bad calls as a whole', () => {
    const plan = planMemorize({ entries: [{ text: '   ' }, { text: 'x'.repeat(MAX_MEMORIZE_TEXT + 1) }, { text: 'fine' }] }, true);
    expect(plan.ok && plan.engrams.map((e) => e.text)).toEqual(['fine']);
    expect(plan.ok && plan.refused.map((r) => r.reason)).toEqual(['empty text', `longer than ${MAX_MEMORIZE_TEXT} characters`]);
    expect(planMemorize({ entries: [{ text: 42 }] }, true)).toMatchObject({ ok: false, message: expect.stringContaining('entries.0.text') as unknown });
    expect(planMemorize({}, true)).toMatchObject({ ok: false });
    expect(planMemorize({ entries: [] }, true)).toEqual({ ok: false, message: 'No entries provided.' });
    expect(planMemorize({ entries: Array.from({ length: MAX_MEMORIZE_ENTRIES + 1 }, () => ({ text: 'a' })) }, true)).toMatchObject({ ok: false });
    expect(planMemorize({ entries: [{ text: 'a' }] }, false)).toMatchObject({ ok: false, message: expect.stringContaining('disabled') as unknown });
  });
});

describe('handleMemorize', () => {
  it('reports what really happened to each entry', async () => {
    const text = await handleMemorize({ entries: [{ text: 'a', kind: 'always' }, { text: 'b' }, { text: 'c' }, { text: '' }] }, true, (engrams) => {
      expect(engrams.map((e) => e.text)).toEqual(['a', 'b', 'c']);
      return Promise.resolve([
        { outcome: 'added', reason: null },
        { outcome: 'duplicate', reason: null },
        { outcome: 'queued', reason: 'copilot mode' },
      ]);
    });
    expect(text).toBe(['Stored always: a', 'Already known lesson: b', 'Queued for the user to confirm lesson: c (copilot mode)', 'Refused lesson:  (empty text)'].join('\n'));
  });

  it('does not call the store when memory is off', async () => {
    let called = false;
    const text = await handleMemorize({ entries: [{ text: 'a' }] }, false, () => {
      called = true;
      return Promise.resolve([]);
    });
    expect(called).toBe(false);
    expect(text).toContain('disabled');
  });
});

describe('memorizeFailed', () => {
  const propose = (outcomes: readonly ('added' | 'refused' | 'queued')[]) => () => Promise.resolve(outcomes.map((outcome) => ({ outcome, reason: outcome === 'refused' ? 'the write failed: disk full' : null })));

  it('fails a call refused whole or whose every entry was refused (the model heard "ok" when nothing was kept)', async () => {
    expect(memorizeFailed(await memorizeReport({ entries: 'no' }, true, propose([])))).toBe(true);
    expect(memorizeFailed(await memorizeReport({ entries: [{ text: 'a' }] }, false, propose([])))).toBe(true);
    expect(memorizeFailed(await memorizeReport({ entries: [{ text: 'a' }, { text: 'b' }] }, true, propose(['refused', 'refused'])))).toBe(true);
  });

  it('does not fail a call that kept or queued at least one entry', async () => {
    expect(memorizeFailed(await memorizeReport({ entries: [{ text: 'a' }, { text: 'b' }] }, true, propose(['refused', 'added'])))).toBe(false);
    expect(memorizeFailed(await memorizeReport({ entries: [{ text: 'a' }] }, true, propose(['queued'])))).toBe(false);
  });
});

describe('the one-entry shape', () => {
  it("reads MCP's {text, kind, scope} as a list of one, as {entries: [...]} is read", () => {
    const one = planMemorize({ text: 'Always pin the versions', kind: 'always', scope: 'global' }, true);
    expect(one).toEqual(planMemorize({ entries: [{ text: 'Always pin the versions', kind: 'always', scope: 'global' }] }, true));
    expect(one).toMatchObject({ ok: true, engrams: [{ text: 'Always pin the versions', kind: 'always', scope: 'global' }] });
    expect(planMemorize({ text: 3 }, true)).toMatchObject({ ok: false });
  });
});
