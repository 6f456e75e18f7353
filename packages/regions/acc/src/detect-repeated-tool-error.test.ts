import { describe, expect, it } from 'vitest';
import { accProfiles } from './acc-profiles.js';
import { detectRepeatedToolError } from './detect-repeated-tool-error.js';
import { observation as o, type Detail } from './observation.js';
import { runDetector } from './run-detector.js';

const fail = (name: string, error = 'boom') => o('tool_result', { name, success: false, error }, 5);
const ok = (name: string) => o('tool_result', { name, success: true, error: '' });
const raw = (detail: Detail) => o('tool_result', detail);

describe('detectRepeatedToolError', () => {
  it('fires on two consecutive failures of one tool', () => {
    const lesson = runDetector(detectRepeatedToolError, [fail('fetch'), fail('fetch', 'other error')]);
    expect(lesson).toMatchObject({ id: 'acc.repeated-tool-error', kind: 'when', triggers: ['tool_result'] });
    expect(lesson?.rule.toLowerCase()).toContain("don't retry");
  });

  it('is not broken by events of other kinds between the failures', () => {
    expect(runDetector(detectRepeatedToolError, [fail('fetch'), o('tool_call', { name: 'fetch' }), o('scratchpad_call', { name: 'p' }), fail('fetch')])).not.toBeNull();
  });

  it('is broken by a success of any tool', () => {
    expect(runDetector(detectRepeatedToolError, [fail('fetch'), ok('other'), fail('fetch')])).toBeNull();
  });

  it('is broken by a failure of another tool in between', () => {
    expect(runDetector(detectRepeatedToolError, [fail('a'), fail('b'), fail('a')])).toBeNull();
  });

  it('counts a missing success as a failure and a missing name as ""', () => {
    expect(runDetector(detectRepeatedToolError, [raw({}), raw({ error: 'x' })])).not.toBeNull();
  });

  it('fires on two failing scratchpad execs (the tool "scratchpad") in the anton profile only', () => {
    const stream = [fail('scratchpad'), fail('scratchpad')];
    expect(runDetector(detectRepeatedToolError, stream, accProfiles.anton)).not.toBeNull();
    expect(runDetector(detectRepeatedToolError, stream, accProfiles.engram)).toBeNull();
  });

  it('keeps firing once fired, even after a later success', () => {
    expect(runDetector(detectRepeatedToolError, [fail('a'), fail('a'), ok('a')])).not.toBeNull();
  });
});
