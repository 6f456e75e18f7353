import { describe, expect, it } from 'vitest';
import { flattenArgs, strategyQuery } from './strategy-query.js';

describe('flattenArgs', () => {
  it('keeps keys and string values, depth first, and leaves numbers and booleans out', () => {
    expect(flattenArgs({ path: 'legacy/PAYROLL.cbl', offset: 0, opts: { encoding: 'utf-8', strict: true }, tags: ['a', 'b'] }, 1000)).toBe('path legacy/PAYROLL.cbl offset opts encoding utf-8 strict tags a b');
  });

  it('takes a bare string as it is and nothing from null or undefined', () => {
    expect(flattenArgs('ls -la', 100)).toBe('ls -la');
    expect(flattenArgs(null, 100)).toBe('');
    expect(flattenArgs(undefined, 100)).toBe('');
  });

  it('stops at the character cap, so a huge payload cannot drown the query', () => {
    const out = flattenArgs({ path: 'a.txt', content: 'x'.repeat(10_000), after: 'never' }, 50);
    expect(out.length).toBeLessThanOrEqual(50);
    expect(out.startsWith('path a.txt content xxx')).toBe(true);
    expect(out).not.toContain('after');
  });

  it('does not follow nesting forever', () => {
    const deep: Record<string, unknown> = {};
    let cur = deep;
    for (let i = 0; i < 20; i++) {
      const next: Record<string, unknown> = {};
      cur[`k${i}`] = next;
      cur = next;
    }
    cur['leaf'] = 'bottom';
    expect(flattenArgs(deep, 10_000)).not.toContain('bottom');
  });
});

describe('strategyQuery', () => {
  it('joins the turn text, the tool and the arguments', () => {
    expect(strategyQuery('read_file', 'why does it fail', { path: 'x.cbl' }, 100)).toBe('why does it fail\nread_file\npath x.cbl');
  });
});
