import { describe, expect, it } from 'vitest';
import { textMentions, valueMentions } from './mentions-subject.js';
import { subjectMatcher } from './subject-matcher.js';

describe('textMentions / valueMentions (what forget removes)', () => {
  const quoted = subjectMatcher('say "hi" to C:\\temp');
  const stored = { text: 'then say "HI"  to c:\\TEMP now' };

  it('find a subject with quotes and backslashes inside JSON, where its text escapes them', () => {
    const line = JSON.stringify(stored);
    expect(quoted.matches(line)).toBe(false); // the escaped text alone would miss it
    expect(textMentions(quoted, line)).toBe(true);
    expect(valueMentions(quoted, stored)).toBe(true);
  });

  it('find it in object keys and nested arrays, and a plain subject in plain text', () => {
    expect(valueMentions(subjectMatcher('api host'), { a: [{ 'the API  host': 1 }] })).toBe(true);
    expect(textMentions(subjectMatcher('use tabs'), 'We Use\tTabs here')).toBe(true);
  });

  it('answer false for texts without the subject, broken JSON included', () => {
    expect(textMentions(quoted, JSON.stringify({ text: 'say hi' }))).toBe(false);
    expect(textMentions(quoted, '{"text": "say \\"hi\\" to C:\\\\temp" broken')).toBe(false);
    expect(valueMentions(quoted, [1, null, true, { n: 2 }])).toBe(false);
  });
});
