import { describe, expect, it } from 'vitest';
import { DEFAULT_WRITE_LIMITS, truncateForRole } from './truncate-for-role.js';

describe('truncateForRole (anton.md §8.2)', () => {
  const long = 'x'.repeat(30_000);
  it('cuts assistant text to 2000', () => expect(truncateForRole('assistant', long, false)).toHaveLength(2000));
  it('cuts the string form of a multimodal user message to 2000, not a plain one', () => {
    expect(truncateForRole('user', long, true)).toHaveLength(2000);
    expect(truncateForRole('user', long.slice(0, 5000), false)).toHaveLength(5000);
  });
  it('bounds the roles Anton left uncut', () => {
    for (const role of ['tool_call', 'tool_result', 'scratchpad', 'user']) expect(truncateForRole(role, long, false)).toHaveLength(DEFAULT_WRITE_LIMITS.other);
  });
});
