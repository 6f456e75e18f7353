import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planEnvironScrub } from './plan-environ-scrub.js';

const block = (entries: string[]): Uint8Array => new TextEncoder().encode(entries.map((e) => `${e}\0`).join(''));
const secretName = (name: string): boolean => /KEY|TOKEN/.test(name);

describe('planEnvironScrub', () => {
  it('finds the values to blank, by byte offset, and keeps the names', () => {
    const b = block(['PATH=/usr/bin', 'ANTHROPIC_API_KEY=sk-ant-x', 'EMPTY_TOKEN=', 'LANG=é', 'GH_TOKEN=ghp_1']);
    const plan = planEnvironScrub(b, (n) => secretName(n));
    expect(plan.map((p) => p.name)).toEqual(['ANTHROPIC_API_KEY', 'GH_TOKEN']);
    const text = new TextDecoder().decode(b);
    const first = plan[0];
    expect(first).toBeDefined();
    if (first !== undefined) expect(text.slice(first.valueOffset, first.valueOffset + first.valueLength)).toBe('sk-ant-x');
  });

  it('judges by value too, and copes with entries without "=" and a block without a final NUL', () => {
    const b = new TextEncoder().encode('weird\0X=ghp_abc\0Y=ok');
    expect(planEnvironScrub(b, (_n, v) => v.startsWith('ghp_')).map((p) => p.name)).toEqual(['X']);
  });

  it('property: blanking the planned ranges leaves no secret value and every other byte as it was', () => {
    const entry = fc.tuple(fc.constantFrom('A', 'B_KEY', 'C_TOKEN', 'D'), fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes('\0')));
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (entries) => {
        const b = block(entries.map(([n, v]) => `${n}=${v}`));
        const copy = b.slice();
        const plan = planEnvironScrub(b, (n) => secretName(n));
        for (const p of plan) copy.fill(0, p.valueOffset, p.valueOffset + p.valueLength);
        const after = planEnvironScrub(copy, (n) => secretName(n));
        expect(after).toEqual([]);
        expect(plan.length).toBe(entries.filter(([n]) => secretName(n)).length);
        const kept = new TextDecoder().decode(copy).split('\0').filter((e) => !secretName(e.split('=')[0] ?? ''));
        expect(kept.filter(Boolean)).toEqual(entries.filter(([n]) => !secretName(n)).map(([n, v]) => `${n}=${v}`));
      }),
    );
  });
});
