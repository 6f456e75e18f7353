import { callPattern } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { lessonForCall } from './lesson-for-call.js';
import type { StoredCallLesson } from './stored-call-lesson.js';

const lesson = (over: Partial<StoredCallLesson> = {}): StoredCallLesson => ({
  lessonId: 'cerebellum.call.a',
  failed: { tool: 'Bash', pattern: 'python -m pytest' },
  errorLine: "ModuleNotFoundError: No module named 'pytest'",
  signature: "modulenotfounderror: no module named 'x'",
  recovery: { tool: 'Bash', pattern: 'python runtests.py', afterWrites: false },
  text: 'In this project `python -m pytest` failed',
  count: 1,
  sessions: ['s1'],
  firstSeen: '2026-11-01T00:00:00.000Z',
  lastSeen: '2026-11-01T00:00:00.000Z',
  use: { shown: 0, ignored: 0, otherError: 0, heeded: 0 },
  ...over,
});
const call = (command: string) => callPattern('Bash', { command });

describe('lessonForCall', () => {
  it('given a lesson for the pattern, when the same program and subcommand is called, then it is said; another call hears nothing', () => {
    expect(lessonForCall([lesson()], call('cd /r && python3 -m pytest -q tests'), new Set())?.lesson.lessonId).toBe('cerebellum.call.a');
    expect(lessonForCall([lesson()], call('ls -la'), new Set())).toBeNull();
  });

  it('says a pattern once a session, whichever of its lessons was said', () => {
    const other = lesson({ lessonId: 'cerebellum.call.b', signature: 'importerror' });
    expect(lessonForCall([lesson(), other], call('python -m pytest'), new Set(['cerebellum.call.b']))).toBeNull();
  });

  it('falls silent once its calls work more often than they fail', () => {
    expect(lessonForCall([lesson({ use: { shown: 2, ignored: 0, otherError: 0, heeded: 2 } })], call('python -m pytest'), new Set())).toBeNull();
    expect(lessonForCall([lesson({ use: { shown: 2, ignored: 1, otherError: 0, heeded: 1 } })], call('python -m pytest'), new Set())).not.toBeNull();
  });

  it('waits for a second session before saying a failure that the same command overcame once files were changed', () => {
    const fixed = lesson({ recovery: { tool: 'Bash', pattern: 'python -m pytest', afterWrites: true } });
    expect(lessonForCall([fixed], call('python -m pytest'), new Set())).toBeNull();
    expect(lessonForCall([{ ...fixed, sessions: ['s1', 's2'] }], call('python -m pytest'), new Set())).not.toBeNull();
  });
});
