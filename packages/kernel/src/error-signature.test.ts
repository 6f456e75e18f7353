import { describe, expect, it } from 'vitest';
import { errorSignature } from './error-signature.js';

describe('errorSignature', () => {
  // Every example anton.md §2.4 marks [probed]: parity with Anton's signatures on these inputs.
  it.each([
    ["Refusing to save record for engine='gmail-1'", "Refusing to save record for engine='X'"],
    ['Error at 0xDEADbeef in /usr/lib/x.py line 42', 'Error at 0xN in /P line N'],
    ['abc123 v2 12 3.14 -5', 'abc123 v2 N N.N -N'],
    ['{"ok": false, "message": "Quota 500 exceeded"}', 'Quota N exceeded'],
    ['{"ok": false, "message": ""}', '{"X": false, "X": ""}'],
    ['path /srv/a/b.csv not found', 'path /P not found'],
    ['C:\\Users\\me\\a.py failed', 'C:\\Users\\me\\a.py failed'],
    ['see https://example.com/a/b?x=1 now', 'see http/P now'],
    ["it's a 'test' isn't it", "it'X'test'X't it"],
    ['  multi\n\n line\t error  ', 'multi line error'],
  ])('%j -> %j', (input, expected) => {
    expect(errorSignature(input)).toBe(expected);
  });

  it('leaves a quoted run of 81 characters intact but collapses one of 80', () => {
    expect(errorSignature(`'${'a'.repeat(81)}'`)).toBe(`'${'a'.repeat(81)}'`);
    expect(errorSignature(`'${'a'.repeat(80)}'`)).toBe("'X'");
  });

  it('reads null and undefined as empty', () => {
    expect(errorSignature(null)).toBe('');
    expect(errorSignature(undefined)).toBe('');
  });

  it('treats two literal backslashes as a path separator', () => {
    expect(errorSignature('open C:\\\\Users\\\\me failed')).toBe('open /P failed');
  });

  it('unwraps only objects whose message is a non-empty string, keeping the unstripped text otherwise', () => {
    expect(errorSignature('  {"message": "Bad 12"}')).toBe('Bad N');
    expect(errorSignature('{"message": 42}')).toBe('{"X": N}');
    expect(errorSignature('[1, 2]')).toBe('[N, N]');
    expect(errorSignature('{not json 7')).toBe('{not json N');
  });

  it('uses Unicode digits and word characters as Python does', () => {
    expect(errorSignature('row ٣ failed')).toBe('row N failed');
    expect(errorSignature('café9 and é 9')).toBe('café9 and é N');
    expect(errorSignature('a\u0085b\u001fc')).toBe('a b c');
  });

  it('does not turn the hex placeholder into a number', () => {
    expect(errorSignature('0x1F 0x2a')).toBe('0xN 0xN');
  });
});
