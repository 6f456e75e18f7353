import { describe, expect, it } from 'vitest';
import { describeDiagnostic } from './describe-diagnostic.js';

describe('describeDiagnostic', () => {
  it('names the file and line, and the field when there is one', () => {
    expect(describeDiagnostic({ location: '/p/.engram/memory/rules.md', line: 3, field: 'section', message: 'unknown section "## Maybe"' })).toBe('/p/.engram/memory/rules.md:3 (section): unknown section "## Maybe"');
    expect(describeDiagnostic({ location: '/p/lessons.md', line: 0, field: null, message: 'a symbolic link: not followed' })).toBe('/p/lessons.md:0: a symbolic link: not followed');
  });
});
