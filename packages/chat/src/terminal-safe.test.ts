import { describe, expect, it } from 'vitest';
import { terminalSafe } from './terminal-safe.js';

describe('terminalSafe', () => {
  it('shows the control characters of an answer instead of obeying them', () => {
    expect(terminalSafe('a\x1b[2Jb\x1b]52;c;aGk=\x07c\rd\be', true)).toBe('a␛[2Jb␛]52;c;aGk=␇c␍d␈e');
    expect(terminalSafe('x\x7fy\x9bz', false)).toBe('x␡y\ufffdz');
  });

  it('keeps newlines, tabs and CRLF line ends (as newlines), and ordinary text untouched', () => {
    expect(terminalSafe('one\r\ntwo\tthree\n', false)).toBe('one\ntwo\tthree\n');
    expect(terminalSafe('déjà vu — 42 ✔', false)).toBe('déjà vu — 42 ✔');
  });

  it('lets colour through only when colours are on', () => {
    expect(terminalSafe('\x1b[31mred\x1b[39m', true)).toBe('\x1b[31mred\x1b[39m');
    expect(terminalSafe('\x1b[31mred\x1b[39m', false)).toBe('␛[31mred␛[39m');
  });

});
