import { describe, expect, it } from 'vitest';
import type { EngramScope, MemoryEntry } from '../engram.js';
import { estimateTokens } from '../estimate-tokens.js';
import type { RecallSection, SemanticStore } from '../semantic-store.js';

/**
 * Storage a contract test writes to: every `open` is a new store object over the same storage
 * (so a second `open` of a scope reads what the first wrote, as another process would), and
 * `close` releases it all. Each test gets a fresh, empty harness.
 */
export interface SemanticStoreHarness {
  readonly open: (scope: EngramScope) => SemanticStore;
  readonly close: () => Promise<void>;
}

// Made up at run time so no secret-looking literal sits in the sources.
const fake = (...parts: string[]) => parts.join('');
const ANTHROPIC_KEY = fake('sk-ant-', 'api03-', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789');
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SECTIONS: readonly RecallSection[] = ['rules', 'lessons', 'identity', 'scratchpad-wisdom'];
/** Budgets the recall sweep walks (tokens): every one up to past the size of the whole memory. */
const MAX_SWEEP_BUDGET = 120;

const texts = (entries: readonly MemoryEntry[]) => entries.map((e) => e.text);

/**
 * The behaviour every `SemanticStore` backend must have, written from the port's documented
 * behaviour and the file backend's tests. What is the file backend's own (diagnostics for
 * hand-edited lines, file locations) is left to each backend's tests: here `location` only has
 * to be a non-empty string, and a backend with nothing hand-edited reports no diagnostics.
 */
export const semanticStoreContract = (name: string, fresh: () => Promise<SemanticStoreHarness>) => {
  const withStores = async (f: (h: SemanticStoreHarness) => Promise<void>): Promise<void> => {
    const h = await fresh();
    try {
      await f(h);
    } finally {
      await h.close();
    }
  };

  describe(`SemanticStore contract: ${name}`, () => {
    it('starts empty: nothing to read, nothing to recall', () =>
      withStores(async (h) => {
        const s = h.open('global');
        expect(await s.read()).toEqual({ rules: [], lessons: [], identities: [], diagnostics: [] });
        for (const section of SECTIONS) expect(await s.recall({ section, tokenBudget: null })).toEqual({ text: '', tokens: 0, entries: [], omitted: 0 });
      }));

    it('stores rules, lessons and facts with their provenance, and another store over the same storage reads them', () =>
      withStores(async (h) => {
        const s = h.open('global');
        const results = await s.encode([
          { text: 'Write big outputs to disk', kind: 'always' },
          { text: 'When a cell times out, split it', kind: 'when', confidence: 'high', source: 'user' },
          { text: 'CoinGecko rate-limits at 50 req/min', kind: 'lesson', topic: 'API: CoinGecko!', confidence: 'low', source: 'consolidation' },
          { text: 'Plain lesson', kind: 'lesson' },
          { text: 'name: Ada', kind: 'profile' },
        ]);
        expect(results.map((r) => r.outcome)).toEqual(['added', 'added', 'added', 'added', 'added']);
        for (const r of results) expect(r.location).toEqual(expect.any(String));
        const snap = await h.open('global').read();
        expect(snap.rules.map((e) => [e.text, e.kind, e.section, e.confidence, e.source, e.scope])).toEqual([
          ['Write big outputs to disk', 'always', 'always', 'medium', 'llm', 'global'],
          ['When a cell times out, split it', 'when', 'when', 'high', 'user', 'global'],
        ]);
        expect(snap.lessons.map((e) => [e.text, e.kind, e.section, e.confidence, e.source, e.topic])).toEqual([
          ['CoinGecko rate-limits at 50 req/min', 'lesson', null, 'low', 'consolidation', 'api-coingecko'],
          ['Plain lesson', 'lesson', null, null, 'llm', null],
        ]);
        expect(texts(snap.identities)).toEqual(['name: Ada']);
        expect(snap.identities[0]?.kind).toBe('profile');
        for (const e of [...snap.rules, ...snap.lessons]) expect(e.updatedAt).toMatch(ISO_INSTANT);
        // What encode answered is what is stored.
        expect(results[2]?.entry).toEqual(snap.lessons[0]);
        expect(snap.diagnostics).toEqual([]);
      }));

    it('keeps the trust tier an encode records, and records none when none is given', () =>
      withStores(async (h) => {
        const s = h.open('global');
        await s.encode([
          { text: 'Run the linter before committing', kind: 'always', trust: 'user' },
          { text: 'The staging API answers 503 on Mondays', kind: 'lesson', trust: 'quoted' },
          { text: 'No tier given', kind: 'lesson' },
        ]);
        const snap = await h.open('global').read();
        expect([...snap.rules, ...snap.lessons].map((e) => [e.text, e.trust])).toEqual([
          ['Run the linter before committing', 'user'],
          ['The staging API answers 503 on Mondays', 'quoted'],
          ['No tier given', undefined],
        ]);
      }));

    it('reads rules grouped by section (always, never, when), each in the order written', () =>
      withStores(async (h) => {
        const s = h.open('global');
        await s.encode([
          { text: 'w1', kind: 'when' },
          { text: 'n1', kind: 'never' },
          { text: 'a1', kind: 'always' },
          { text: 'w2', kind: 'when' },
          { text: 'a2', kind: 'always' },
        ]);
        expect(texts((await s.read()).rules)).toEqual(['a1', 'a2', 'n1', 'w1', 'w2']);
      }));

    it('dedupes as Anton does: exact text across every rule kind, case-sensitive; lessons whatever their topic; within one batch', () =>
      withStores(async (h) => {
        const s = h.open('global');
        const first = (await s.encode([{ text: 'a', kind: 'always' }]))[0];
        const again = (await s.encode([{ text: 'a', kind: 'never' }]))[0];
        expect(first?.outcome).toBe('added');
        expect(again?.outcome).toBe('duplicate');
        expect(again?.entry).toEqual(first?.entry);
        expect((await s.encode([{ text: 'A', kind: 'never' }]))[0]?.outcome).toBe('added');
        expect((await s.encode([{ text: 'l1', kind: 'lesson', topic: 'x' }]))[0]?.outcome).toBe('added');
        expect((await s.encode([{ text: 'l1', kind: 'lesson', topic: 'y' }]))[0]?.outcome).toBe('duplicate');
        // A rule and a lesson are different memories, even with the same words.
        expect((await s.encode([{ text: 'a', kind: 'lesson' }]))[0]?.outcome).toBe('added');
        const batch = await s.encode([
          { text: 'b', kind: 'lesson' },
          { text: 'b', kind: 'lesson' },
          { text: '  b \n', kind: 'lesson' },
        ]);
        expect(batch.map((r) => r.outcome)).toEqual(['added', 'duplicate', 'duplicate']);
        expect(batch[1]?.entry?.id).toBe(batch[0]?.entry?.id);
        const snap = await h.open('global').read();
        expect(texts(snap.rules)).toEqual(['a', 'A']);
        expect(texts(snap.lessons)).toEqual(['l1', 'a', 'b']);
      }));

    it('writes nothing for text that is empty once cleaned', () =>
      withStores(async (h) => {
        const s = h.open('global');
        const r = await s.encode([
          { text: ' \n\t ', kind: 'lesson' },
          { text: '', kind: 'always' },
          { text: '\n', kind: 'profile' },
        ]);
        expect(r.map((x) => [x.outcome, x.entry])).toEqual([
          ['empty', null],
          ['empty', null],
          ['empty', null],
        ]);
        expect(await s.read()).toEqual({ rules: [], lessons: [], identities: [], diagnostics: [] });
      }));

    it('merges identity facts: a key: value fact supersedes the older one with that key (trimmed, any case) and goes last; an exact repeat is a duplicate', () =>
      withStores(async (h) => {
        const s = h.open('global');
        await s.encode([
          { text: 'name: Grace', kind: 'profile' },
          { text: 'free line fact', kind: 'profile' },
          { text: 'Timezone: CET', kind: 'profile' },
        ]);
        const r = await s.encode([
          { text: 'Name : Ada', kind: 'profile' },
          { text: 'free line fact', kind: 'profile' },
          { text: 'Prefers UTC', kind: 'profile' },
          { text: 'timezone: UTC', kind: 'profile' },
        ]);
        expect(r.map((x) => x.outcome)).toEqual(['superseded', 'duplicate', 'added', 'superseded']);
        expect(r[0]?.entry?.text).toBe('Name : Ada');
        expect(texts((await h.open('global').read()).identities)).toEqual(['free line fact', 'Name : Ada', 'Prefers UTC', 'timezone: UTC']);
      }));

    it('scrubs secrets and sanitises on every write path: encode, topic, facts, update', () =>
      withStores(async (h) => {
        const s = h.open('global');
        await s.encode([
          { text: `Never paste ${ANTHROPIC_KEY}`, kind: 'never' },
          { text: 'connect with postgres://u:hunter2@db/x', kind: 'lesson', topic: `topic ${ANTHROPIC_KEY}` },
          { text: 'password=hunter2', kind: 'when' },
          { text: `api_key: ${ANTHROPIC_KEY}`, kind: 'profile' },
          { text: 'line one\n- forged entry <!-- id:x --> and <!--- more', kind: 'lesson' },
        ]);
        const first = (await s.read()).lessons[0];
        expect(first).toBeDefined();
        const updated = await s.update(first?.id ?? '', 'token=abc123secret');
        expect(updated.outcome).toBe('updated');
        const snap = await h.open('global').read();
        const all = [...snap.rules, ...snap.lessons, ...snap.identities];
        const dump = JSON.stringify(all);
        for (const secret of ['hunter2', 'AbCdEfGhIj', 'abc123secret']) expect(dump).not.toContain(secret);
        expect(dump).toContain('[REDACTED:');
        for (const e of all) {
          expect(e.text).not.toMatch(/[\r\n]/);
          expect(e.text).not.toContain('<!--');
          expect(e.text).not.toContain('-->');
        }
        expect(texts(snap.lessons)).toContainEqual(expect.stringMatching(/^line one - forged entry /));
      }));

    it('keeps ids stable across updates, distinct between entries, kinds and scopes', () =>
      withStores(async (h) => {
        const g = h.open('global');
        const p = h.open('project');
        const [rule, lesson] = await g.encode([
          { text: 'same words', kind: 'always' },
          { text: 'same words', kind: 'lesson' },
        ]);
        const [projectRule] = await p.encode([{ text: 'same words', kind: 'always' }]);
        const ids = [rule?.entry?.id, lesson?.entry?.id, projectRule?.entry?.id];
        for (const id of ids) expect(id).toEqual(expect.any(String));
        expect(new Set(ids).size).toBe(3);
        expect(projectRule?.entry?.scope).toBe('project');
        const u1 = await g.update(rule?.entry?.id ?? '', 'new words for the rule');
        const u2 = await g.update(lesson?.entry?.id ?? '', 'new words for the lesson');
        expect([u1.entry?.id, u2.entry?.id]).toEqual([rule?.entry?.id, lesson?.entry?.id]);
        const snap = await h.open('global').read();
        expect(snap.rules.map((e) => [e.id, e.text])).toEqual([[rule?.entry?.id, 'new words for the rule']]);
        expect(snap.lessons.map((e) => [e.id, e.text])).toEqual([[lesson?.entry?.id, 'new words for the lesson']]);
        // Scopes are apart: the project store holds only its own rule.
        expect(texts((await h.open('project').read()).rules)).toEqual(['same words']);
      }));

    it('updates: updated (cleaned, provenance kept, time moved), unchanged, duplicate, empty, not-found', () =>
      withStores(async (h) => {
        const s = h.open('global');
        const [a, b] = await s.encode([
          { text: 'first lesson', kind: 'lesson', topic: 'api', confidence: 'high', source: 'user' },
          { text: 'second lesson', kind: 'lesson' },
        ]);
        const id = a?.entry?.id ?? '';
        const up = await s.update(id, 'first lesson,\n  revised');
        expect(up).toMatchObject({ outcome: 'updated', entry: { id, text: 'first lesson, revised', topic: 'api', confidence: 'high', source: 'user', kind: 'lesson' } });
        expect(up.entry?.updatedAt).toMatch(ISO_INSTANT);
        expect((await s.update(id, 'first lesson, revised')).outcome).toBe('unchanged');
        const dup = await s.update(id, 'second lesson');
        expect(dup.outcome).toBe('duplicate');
        expect(dup.entry?.id).toBe(b?.entry?.id);
        expect(await s.update(id, ' \n ')).toEqual({ outcome: 'empty', entry: null });
        expect(await s.update('no-such-id', 'x')).toEqual({ outcome: 'not-found', entry: null });
        const stored = (await h.open('global').read()).lessons;
        expect(stored.map((e) => [e.id, e.text])).toEqual([
          [id, 'first lesson, revised'],
          [b?.entry?.id, 'second lesson'],
        ]);
        expect(stored[0]).toEqual(up.entry);
      }));

    it('updates a fact in place and finds it by the id the update returned', () =>
      withStores(async (h) => {
        const s = h.open('global');
        await s.encode([
          { text: 'Likes tea', kind: 'profile' },
          { text: 'name: Ada', kind: 'profile' },
        ]);
        const tea = (await s.read()).identities[0];
        const up = await s.update(tea?.id ?? '', 'Likes green tea');
        expect(up.outcome).toBe('updated');
        expect(texts((await h.open('global').read()).identities)).toEqual(['Likes green tea', 'name: Ada']);
        expect((await s.remove(up.entry?.id ?? '')).outcome).toBe('removed');
        expect(texts((await s.read()).identities)).toEqual(['name: Ada']);
      }));

    it('removes one entry and keeps the rest; a second remove finds nothing', () =>
      withStores(async (h) => {
        const s = h.open('global');
        const r = await s.encode([
          { text: 'keep me', kind: 'never' },
          { text: 'drop me', kind: 'never' },
          { text: 'lesson stays', kind: 'lesson' },
        ]);
        const id = r[1]?.entry?.id ?? '';
        const removed = await s.remove(id);
        expect(removed.outcome).toBe('removed');
        expect(removed.entry?.text).toBe('drop me');
        expect(await s.remove(id)).toEqual({ outcome: 'not-found', entry: null });
        const snap = await h.open('global').read();
        expect(texts(snap.rules)).toEqual(['keep me']);
        expect(texts(snap.lessons)).toEqual(['lesson stays']);
        // Removed text may be written again, as a new entry.
        expect((await s.encode([{ text: 'drop me', kind: 'never' }]))[0]?.outcome).toBe('added');
      }));

    it('clears its own scope only', () =>
      withStores(async (h) => {
        const g = h.open('global');
        const p = h.open('project');
        await g.encode([
          { text: 'g rule', kind: 'always' },
          { text: 'g lesson', kind: 'lesson' },
          { text: 'g: fact', kind: 'profile' },
        ]);
        await p.encode([{ text: 'p lesson', kind: 'lesson' }]);
        await g.clear();
        expect(await h.open('global').read()).toEqual({ rules: [], lessons: [], identities: [], diagnostics: [] });
        expect(texts((await h.open('project').read()).lessons)).toEqual(['p lesson']);
        await g.clear();
        expect((await g.encode([{ text: 'g rule', kind: 'always' }]))[0]?.outcome).toBe('added');
      }));

    it('recalls each section in its prompt form, newest first, with Anton metadata and the right filters', () =>
      withStores(async (h) => {
        const s = h.open('global');
        await s.encode([
          { text: 'Chunk big outputs', kind: 'always' },
          { text: 'When the scratchpad hangs, restart it', kind: 'when', confidence: 'high' },
          { text: 'older lesson', kind: 'lesson', topic: 'api' },
        ]);
        await new Promise((r) => setTimeout(r, 5));
        await s.encode([
          { text: 'newer lesson', kind: 'lesson', source: 'user' },
          { text: 'Use a scratchpad cell per step', kind: 'lesson' },
          { text: 'name: Ada', kind: 'profile' },
          { text: 'Likes tea', kind: 'profile' },
        ]);
        const lessons = await s.recall({ section: 'lessons', tokenBudget: null });
        expect(lessons.text.split('\n')[0]).toBe('# Lessons');
        expect(texts(lessons.entries)).toEqual(['Use a scratchpad cell per step', 'newer lesson', 'older lesson']);
        expect(lessons.text).toMatch(/- older lesson <!-- source:llm topic:api ts:\d{4}-\d{2}-\d{2} -->\n/);
        expect(lessons.text).toMatch(/- newer lesson <!-- source:user ts:/);
        const rules = await s.recall({ section: 'rules', tokenBudget: null });
        expect(rules.text).toMatch(/^# Rules\n\n## Always\n- Chunk big outputs <!-- confidence:medium source:llm ts:[-\d]+ -->\n\n## When\n- When the scratchpad hangs, restart it <!-- confidence:high source:llm ts:[-\d]+ -->\n$/);
        expect(texts((await s.recall({ section: 'lessons', tokenBudget: null, excludeScratchpad: true })).entries)).toEqual(['newer lesson', 'older lesson']);
        expect(texts((await s.recall({ section: 'rules', tokenBudget: null, excludeScratchpad: true })).entries)).toEqual(['Chunk big outputs']);
        const wisdom = await s.recall({ section: 'scratchpad-wisdom', tokenBudget: null });
        expect(wisdom.text).toBe('- When the scratchpad hangs, restart it\n- Use a scratchpad cell per step\n');
        expect((await s.recall({ section: 'identity', tokenBudget: null })).text).toBe('# Profile\n- name: Ada\n- Likes tea\n');
        const topic = await s.recall({ section: 'topic', topic: 'API', tokenBudget: null });
        expect(texts(topic.entries)).toEqual(['older lesson']);
        expect(topic.text.startsWith('# api\n')).toBe(true);
        for (const r of [lessons, rules, wisdom, topic]) expect(r.tokens).toBe(estimateTokens(r.text));
      }));

    it('counts every emitted character against the recall budget', () =>
      withStores(async (h) => {
        const s = h.open('global');
        await s.encode([
          { text: 'Chunk big outputs before printing them', kind: 'always', confidence: 'high' },
          { text: 'Never print a whole dataframe', kind: 'never' },
          { text: 'When the scratchpad hangs, restart it', kind: 'when' },
          { text: 'CoinGecko rate-limits at 50 requests per minute', kind: 'lesson', topic: 'api' },
          { text: 'x', kind: 'lesson' },
          { text: 'scratchpad cells time out after 60 s', kind: 'lesson' },
          { text: 'name: Ada', kind: 'profile' },
          { text: 'Likes long walks on the beach', kind: 'profile' },
        ]);
        for (const section of SECTIONS) {
          const all = await s.recall({ section, tokenBudget: null });
          expect(all.omitted).toBe(0);
          let last = -1;
          for (let budget = 0; budget <= MAX_SWEEP_BUDGET; budget++) {
            const r = await s.recall({ section, tokenBudget: budget });
            expect(r.text.length).toBeLessThanOrEqual(budget * 4);
            expect(r.tokens).toBe(estimateTokens(r.text));
            expect(r.tokens).toBeLessThanOrEqual(budget);
            expect(r.entries.length + r.omitted).toBe(all.entries.length);
            for (const e of r.entries) expect(r.text).toContain(e.text);
            last = r.entries.length;
          }
          // The sweep ends past the whole section's size, where nothing is left out.
          expect(last).toBe(all.entries.length);
        }
      }));
  });
};
