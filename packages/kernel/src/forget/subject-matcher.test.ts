import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALTERNATE_FORGOTTEN_MARKER, FORGOTTEN_MARKER, forgottenMarkerFor } from './forgotten-marker.js';
import { SubjectError, redactJsonValue, subjectMatcher } from './subject-matcher.js';

describe('subjectMatcher', () => {
  it('matches in any case and across runs of whitespace', () => {
    const m = subjectMatcher('  use   Tabs ');
    expect(m.subject).toBe('use Tabs');
    expect(m.matches('Always USE\n tabs here')).toBe(true);
    expect(m.matches('use spaces')).toBe(false);
    expect(m.redact('use tabs, then Use  TABS', '[X]')).toEqual({ text: '[X], then [X]', count: 2 });
  });

  it('treats regex characters literally and refuses a subject too short to be specific', () => {
    expect(subjectMatcher('a.b(c)').matches('aXb(c)')).toBe(false);
    expect(() => subjectMatcher(' x ')).toThrow(SubjectError);
    expect(() => subjectMatcher(' x ')).toThrow(expect.objectContaining({ _tag: 'SubjectError', reason: 'too-short' }));
  });

  it('redacts strings and keys at any depth and keeps untouched values by reference', () => {
    const m = subjectMatcher('secret plan');
    const clean = { a: [1, { b: 'x' }] };
    expect(redactJsonValue(clean, m, '[F]').value).toBe(clean);
    expect(redactJsonValue({ 'the Secret Plan': ['my secret plan', 2] }, m, '[F]')).toEqual({ value: { 'the [F]': ['my [F]', 2] }, count: 2 });
  });

  it('picks a marker the subject does not occur in', () => {
    expect(forgottenMarkerFor(subjectMatcher('forgot').matches)).toBe(ALTERNATE_FORGOTTEN_MARKER);
    expect(forgottenMarkerFor(subjectMatcher('tabs').matches)).toBe(FORGOTTEN_MARKER);
  });

  it('after redaction no text holds the subject (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 3, maxLength: 8 }).filter((s) => s.trim().length >= 3), fc.array(fc.string({ maxLength: 20 }), { maxLength: 6 }), (subject, parts) => {
        const m = subjectMatcher(subject);
        const marker = forgottenMarkerFor(m.matches);
        const text = parts.join(subject.toUpperCase());
        const out = m.redact(text, marker).text;
        // A redaction can join text around the marker into a new occurrence only through the marker itself, which the subject is not in.
        expect(m.matches(out.split(marker).join('\u0000'))).toBe(false);
      }),
    );
  });
});
