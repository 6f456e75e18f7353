import { describe, expect, it } from 'vitest';
import { callLessonRecord } from './call-lesson-record.js';
import { NO_USE, type StoredCallLesson } from './stored-call-lesson.js';

/**
 * Why (issue 24 item 6): every lesson's record of use is shown (stats, web view), and its standing
 * says whether it is still said before its calls: a lesson whose calls keep working after it goes
 * quiet, one ignored again and again with nothing heeded is demoted.
 */
const lesson = (use: Partial<StoredCallLesson['use']>): StoredCallLesson => ({
  lessonId: 'cerebellum.call.0123456789ab',
  failed: { tool: 'Bash', pattern: 'python -m pytest' },
  errorLine: "ModuleNotFoundError: No module named 'pytest'",
  signature: "modulenotfounderror: no module named 'x'",
  recovery: { tool: 'Bash', pattern: 'python runtests.py', afterWrites: false },
  text: 'In this project `python -m pytest` failed',
  count: 3,
  sessions: ['s1'],
  firstSeen: '2026-11-20T00:00:00Z',
  lastSeen: '2026-11-21T00:00:00Z',
  use: { ...NO_USE, ...use },
});

describe('callLessonRecord', () => {
  it('given a fresh lesson, then it is said, with its counts', () => {
    expect(callLessonRecord(lesson({}))).toMatchObject({ pattern: 'python -m pytest', learned: 3, shown: 0, ignored: 0, heeded: 0, standing: 'said' });
  });

  it('given calls that kept working after it was shown, then it is quiet', () => {
    expect(callLessonRecord(lesson({ shown: 3, heeded: 3 })).standing).toBe('quiet');
    expect(callLessonRecord(lesson({ shown: 2, heeded: 1, ignored: 1 })).standing).toBe('said');
  });

  it('given five ignored showings and none heeded, then it is demoted', () => {
    expect(callLessonRecord(lesson({ shown: 5, ignored: 5 })).standing).toBe('demoted');
    expect(callLessonRecord(lesson({ shown: 6, ignored: 5, heeded: 1 })).standing).toBe('said');
  });
});
