import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeEntryText } from './sanitize-entry-text.js';
import { sanitizeSlug } from './sanitize-slug.js';
import { LINE_BREAK } from './split-lines.js';

describe('sanitizeEntryText', () => {
  it('joins lines as Anton does (an empty middle line leaves a double space)', () => {
    expect(sanitizeEntryText('  a\n\nb  ')).toBe('a  b');
    expect(sanitizeEntryText('a\r\nb\u2028c')).toBe('a b c');
    expect(sanitizeEntryText('tabs\tinside stay')).toBe('tabs\tinside stay');
  });

  it('leaves no comment marker, even from runs of dashes Anton let through', () => {
    expect(sanitizeEntryText('hide <!--- this')).toBe('hide <!- this');
    expect(sanitizeEntryText('Sneaky ---> visible')).toBe('Sneaky -> visible');
    expect(sanitizeEntryText('<!--->')).toBe('<!->');
  });

  it('is idempotent and never yields a line break or a marker', () => {
    const piece = fc.oneof(fc.string(), fc.constantFrom('<!--', '-->', '-', '<', '!', '>', '\n', '\r', '\u2028', ' ', '- ', '<!---'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (parts) => {
        const once = sanitizeEntryText(parts.join(''));
        expect(sanitizeEntryText(once)).toBe(once);
        expect(once).not.toMatch(/<!--|-->/);
        expect(once.split(LINE_BREAK)).toHaveLength(1);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('sanitizeSlug', () => {
  it.each([
    ['hello world', 'hello-world'],
    ['API: CoinGecko!', 'api-coingecko'],
    ['', 'general'],
    ['api coingecko --> x', 'api-coingecko-x'],
    ['../x', 'x'],
    ['/etc', 'etc'],
    ['snake_case ok', 'snake_case-ok'],
  ])('%j -> %j', (input, slug) => expect(sanitizeSlug(input)).toBe(slug));

  it('caps very long slugs', () => expect(sanitizeSlug('a'.repeat(500)).length).toBe(64));
});
