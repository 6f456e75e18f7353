import { manualClock, type RuleKind } from '@engram/kernel';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSemanticStore } from './file-semantic-store.js';

const KINDS: readonly RuleKind[] = ['always', 'never', 'when'];
let root: string;
let dir: string;
const clock = manualClock('2026-11-22T03:15:00.000Z');
/** Small limits so a few dozen encodes go through every path: rewrite, append, regroup. */
const store = (): FileSemanticStore => new FileSemanticStore({ dir, scope: 'global', clock, ruleWrites: { rewriteBelowLines: 10, maxRepeatedHeadings: 4 } });
const rulesPath = () => join(dir, 'rules.md');
const headings = (text: string, name: string) => text.split('\n').filter((l) => l === `## ${name}`).length;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'engram-hc-append-'));
  dir = join(root, 'memory');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('rule encodes into a large rules.md', () => {
  it('append in place (same inode), regroup past the limit, and read back like the rewrite path', async () => {
    const s = store();
    const expected = new Map<RuleKind, string[]>(KINDS.map((k) => [k, []]));
    const modes: ('append' | 'rewrite')[] = [];
    for (let i = 0; i < 40; i++) {
      const kind = KINDS[i % 3] ?? 'always';
      const before = statSync(rulesPath(), { throwIfNoEntry: false });
      clock.advance(1000);
      expect((await s.encodeRule(`rule ${i}`, kind)).outcome).toBe('added');
      expected.get(kind)?.push(`rule ${i}`);
      const after = statSync(rulesPath());
      modes.push(before !== undefined && before.ino === after.ino ? 'append' : 'rewrite');
      expect(headings(readFileSync(rulesPath(), 'utf8'), 'Always')).toBeLessThanOrEqual(1 + 4);
    }
    expect(modes.filter((m) => m === 'append').length).toBeGreaterThan(25);
    expect(modes.slice(10).filter((m) => m === 'rewrite').length).toBeGreaterThan(3);
    // Another store (another process) reads the same rules in get_rules order.
    const snap = await new FileSemanticStore({ dir, scope: 'global' }).read();
    expect(snap.diagnostics).toEqual([]);
    expect(snap.rules.map((r) => r.text)).toEqual(KINDS.flatMap((k) => expected.get(k) ?? []));
    expect(snap.rules.map((r) => r.kind)).toEqual(KINDS.flatMap((k) => (expected.get(k) ?? []).map(() => k)));
    // Dedupe still holds across sections and across the appended blocks.
    for (const k of KINDS) expect((await s.encodeRule('rule 7', k)).outcome).toBe('duplicate');
    expect((await new FileSemanticStore({ dir, scope: 'global' }).encodeRule('rule 38', 'always')).outcome).toBe('duplicate');
  });

  it('sees a hand edit made between encodes and keeps it through appends and the regrouping rewrite', async () => {
    const s = store();
    for (let i = 0; i < 12; i++) await s.encodeRule(`rule ${i}`, KINDS[i % 3] ?? 'always');
    appendFileSync(rulesPath(), '\n## Notes\nkeep this note\n- a hand rule under notes\n\n## Never\n- typed by hand\n');
    expect((await s.encodeRule('typed by hand', 'always')).outcome).toBe('duplicate');
    for (let i = 12; i < 30; i++) await s.encodeRule(`rule ${i}`, KINDS[i % 3] ?? 'always');
    const text = readFileSync(rulesPath(), 'utf8');
    expect(text).toContain('## Notes\nkeep this note\n- a hand rule under notes\n');
    const rules = (await store().read()).rules;
    expect(rules.filter((r) => r.section === 'never').map((r) => r.text)).toContain('typed by hand');
    expect(rules.find((r) => r.text === 'a hand rule under notes')?.section).toBe('notes');
    expect(rules).toHaveLength(32);
  });

  it('after a writer was killed mid-append, keeps every complete line and starts the next rule on a fresh line', async () => {
    const s = store();
    for (let i = 0; i < 20; i++) await s.encodeRule(`rule ${i}`, KINDS[i % 3] ?? 'always');
    const whole = readFileSync(rulesPath(), 'utf8');
    // A torn append: the new block cut inside its entry line.
    appendFileSync(rulesPath(), '\n## Always\n- rule torn <!-- confidence:me');
    await store().encodeRule('rule after', 'never');
    const text = readFileSync(rulesPath(), 'utf8');
    expect(text.startsWith(whole)).toBe(true);
    expect(text.slice(whole.length)).toMatch(/^\n## Always\n- rule torn <!-- confidence:me\n\n## Never\n- rule after <!-- .* -->\n$/);
    const rules = (await store().read()).rules;
    for (let i = 0; i < 20; i++) expect(rules.map((r) => r.text)).toContain(`rule ${i}`);
    expect(rules.find((r) => r.text === 'rule after')?.section).toBe('never');
    // A file cut mid-heading: the fragment is a heading of its own; the next rule gets its real one.
    appendFileSync(rulesPath(), '## Wh');
    await store().encodeRule('rule last', 'when');
    expect((await store().read()).rules.find((r) => r.text === 'rule last')?.section).toBe('when');
  });
});
