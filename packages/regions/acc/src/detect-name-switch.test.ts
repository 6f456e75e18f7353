import { describe, expect, it } from 'vitest';
import { accProfiles } from './acc-profiles.js';
import { detectNameSwitch } from './detect-name-switch.js';
import { observation as o } from './observation.js';
import { runDetector } from './run-detector.js';

const call = (name: unknown, extra: Record<string, unknown> = {}) => o('scratchpad_call', { name, code_len: 10, ...extra });

describe('detectNameSwitch', () => {
  it('fires on two distinct pad names, in any order and not adjacent', () => {
    const lesson = runDetector(detectNameSwitch, [call('build_pres'), call('build_pres'), o('tool_call', { name: 'x' }), call('write_html')]);
    expect(lesson).toMatchObject({ id: 'acc.name-switch', kind: 'always', triggers: ['scratchpad_call'], antonDetector: 'detect_name_switch' });
    expect(lesson?.rule).toContain('ONE scratchpad');
  });

  it('does not fire on one name used many times', () => {
    expect(runDetector(detectNameSwitch, [call('a'), call('a'), call('a')])).toBeNull();
  });

  it('ignores empty or missing names and other kinds named like a pad', () => {
    expect(runDetector(detectNameSwitch, [call('a'), call(''), call(null), o('scratchpad_call', {}), o('tool_call', { name: 'scratchpad' }), o('scratchpad_result', { name: 'b' })])).toBeNull();
  });

  it('fires even when the second pad was confirmed, in the anton profile (Anton parity)', () => {
    expect(runDetector(detectNameSwitch, [call('a'), call('b', { confirm_new_scratchpad: true })], accProfiles.anton)).not.toBeNull();
  });

  it('does not count a confirmed new pad in the engram profile, but still counts an unconfirmed one', () => {
    const confirmed = [call('a'), call('b', { confirm_new_scratchpad: true })];
    expect(runDetector(detectNameSwitch, confirmed, accProfiles.engram)).toBeNull();
    expect(runDetector(detectNameSwitch, [...confirmed, call('c')], accProfiles.engram)).not.toBeNull();
  });
});
