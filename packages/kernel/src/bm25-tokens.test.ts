import { describe, expect, it } from 'vitest';
import { bm25Tokens } from './bm25-tokens.js';

describe('bm25Tokens', () => {
  it('lower-cases and splits on anything that is not a letter, digit or underscore', () => {
    expect(bm25Tokens('Check ENCODING; then: convert!')).toEqual(['check', 'encoding', 'convert']);
  });

  it('keeps a snake_case identifier whole and adds its parts', () => {
    expect(bm25Tokens('read_file failed')).toEqual(['read_file', 'read', 'file', 'failed']);
  });

  it('splits camelCase, acronyms and letter-digit runs in addition to the whole word', () => {
    expect(bm25Tokens('readFile')).toEqual(['readfile', 'read', 'file']);
    expect(bm25Tokens('XMLParser')).toEqual(['xmlparser', 'xml', 'parser']);
    expect(bm25Tokens('utf8 cp037')).toEqual(['utf8', 'utf', 'cp037', '037']);
  });

  it('splits paths and file names into their words', () => {
    expect(bm25Tokens('legacy/PAYROLL.cbl')).toEqual(['legacy', 'payroll', 'cbl']);
  });

  it('drops tokens shorter than three characters and stop words, but keeps topical common words', () => {
    expect(bm25Tokens('When it is a file error, do not retry with the same path')).toEqual(['file', 'error', 'retry', 'path']);
  });

  it('trims edge underscores and does not count a lone word twice', () => {
    expect(bm25Tokens('__init__ _private')).toEqual(['init', 'private']);
  });

  it('handles letters outside ASCII', () => {
    expect(bm25Tokens('Übersetzung Fehler')).toEqual(['übersetzung', 'fehler']);
  });
});
