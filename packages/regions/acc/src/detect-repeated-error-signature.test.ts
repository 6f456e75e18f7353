import { describe, expect, it } from 'vitest';
import { detectRepeatedErrorSignature } from './detect-repeated-error-signature.js';
import { observation as o } from './observation.js';
import { runDetector } from './run-detector.js';

const toolFail = (error: string, name = 'db') => o('tool_result', { name, success: false, error }, 5);
const cellFail = (error: string) => o('scratchpad_result', { name: 'p', success: false, error }, 5);

describe('detectRepeatedErrorSignature', () => {
  it('fires on three errors with one signature across tools and kinds, not consecutive', () => {
    const lesson = runDetector(detectRepeatedErrorSignature, [
      toolFail("Refusing to save record for engine='gmail-1'", 'a'),
      o('tool_result', { name: 'x', success: true, error: '' }),
      cellFail("Refusing to save record for engine='gmail-2'"),
      toolFail("Refusing to save record for engine='outlook'", 'b'),
    ]);
    expect(lesson).toMatchObject({ id: 'acc.repeated-error-signature', kind: 'when', triggers: ['tool_result', 'scratchpad_result'] });
    expect(lesson?.rule.toLowerCase()).toContain('same error message');
  });

  it('does not fire on two, nor on three different signatures', () => {
    expect(runDetector(detectRepeatedErrorSignature, [toolFail('Quota 1'), toolFail('Quota 2')])).toBeNull();
    expect(runDetector(detectRepeatedErrorSignature, [toolFail('a'), toolFail('b'), toolFail('c')])).toBeNull();
  });

  it('treats a missing success as success and skips empty errors', () => {
    const missing = o('tool_result', { name: 'db', error: 'Quota 5' });
    expect(runDetector(detectRepeatedErrorSignature, [missing, missing, missing])).toBeNull();
    expect(runDetector(detectRepeatedErrorSignature, [toolFail(''), toolFail(''), toolFail('')])).toBeNull();
  });

  it('signs JSON envelopes by their message', () => {
    const env = (n: number) => toolFail(JSON.stringify({ ok: false, message: `Quota ${n} exceeded`, requestId: `r${n}` }));
    expect(runDetector(detectRepeatedErrorSignature, [env(1), env(2), env(3)])).not.toBeNull();
  });
});
