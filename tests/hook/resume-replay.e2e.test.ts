import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBrain, type EngramSession } from '@engram/runtime';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

/** One failing call of `publish` as a round, the way a host reports it. */
const failingRound = (s: EngramSession) => {
  const id = s.toolCalled({ name: 'publish', input: { target: 'reports/q3' } });
  const verdict = s.guard(id, 'publish');
  if (verdict.action !== 'block') s.toolResulted({ id, name: 'publish', ok: false, error: "Refusing to save record for engine='gmail-1'" });
  return { verdict: verdict.action, nudges: s.endRound().map((n) => n.lessonId) };
};

describe('a session carried across processes by the runtime (resume, suspend) replays exactly', () => {
  it('engram replay --check passes on a log written by a session suspended and resumed between every call', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-resume-replay-'));
    const brain = createBrain({ home: join(root, 'home'), project: join(root, 'project'), modes: { memory: 'autopilot', acc: 'active' }, env: {} });
    let s = brain.session();
    s.startTurn('publish the report');
    const seen = [];
    for (let i = 0; i < 4; i++) {
      seen.push(failingRound(s));
      await s.suspend();
      s = brain.session({ sessionId: s.id, resume: true });
    }
    // The breaker and the ACC saw every call, though each ran in a different session object.
    expect(seen).toEqual([
      { verdict: 'allow', nudges: [] },
      { verdict: 'allow', nudges: ['acc.repeated-tool-error'] },
      { verdict: 'warn', nudges: ['acc.repeated-error-signature'] },
      { verdict: 'block', nudges: [] },
    ]);
    s.endTurn('I could not publish it.');
    await s.suspend();
    s = brain.session({ sessionId: s.id, resume: true });
    s.startTurn('try again tomorrow');
    s.endTurn('ok');
    await s.close();
    const r = runCli(['replay', s.eventLog, '--check', '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { check: { ok: boolean }; logs: { turns: { accLessons: { lessonId: string }[] }[] }[] };
    expect(out.check.ok).toBe(true);
    expect(out.logs[0]?.turns[0]?.accLessons.map((l) => l.lessonId)).toContain('acc.repeated-tool-error');
  });
});
