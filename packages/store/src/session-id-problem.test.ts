import { describe, expect, it } from 'vitest';
import { checkSessionId } from './safe-session-id.js';
import { sessionIdProblem } from './session-id-problem.js';

describe('sessionIdProblem', () => {
  it('accepts engram ids and host UUIDs', () => {
    expect(sessionIdProblem('20260227_143052_ab12')).toBeNull();
    expect(sessionIdProblem('3f1c9b8e-0d4a-4c2e-9a57-6b1f0e2d7c11')).toBeNull();
    expect(sessionIdProblem('a'.repeat(128))).toBeNull();
  });

  it('names what is wrong with ids that could escape the events folder or are too long', () => {
    for (const bad of ['', '../x', '/etc/passwd', '.hidden', 'a/b', 'a'.repeat(129)]) expect(sessionIdProblem(bad)).toMatch(/is not a safe file name/);
  });

  it('is the message of the backends’ tagged error', () => {
    expect(checkSessionId('ok_1')).toBeNull();
    const err = checkSessionId('../x');
    expect(err?.reason).toBe('invalid-session');
    expect(err?.message).toBe(sessionIdProblem('../x'));
  });
});
