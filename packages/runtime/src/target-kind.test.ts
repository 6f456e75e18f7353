import { describe, expect, it } from 'vitest';
import { targetKind } from './target-kind.js';

describe('targetKind', () => {
  it('turns file paths into their extension glob, lower-cased', () => {
    expect(targetKind('legacy/PAYROLL.CBL')).toBe('*.cbl');
    expect(targetKind('C:\\data\\x.csv')).toBe('*.csv');
  });

  it('keeps targets that are not typed files as they are', () => {
    expect(targetKind('https://example.test/api')).toBe('https://example.test/api');
    expect(targetKind('.bashrc')).toBe('.bashrc');
    expect(targetKind('dump.2024-01-01T00:00:00')).toBe('dump.2024-01-01T00:00:00');
    expect(targetKind('main')).toBe('main');
  });

  it('calls no target `*`', () => {
    expect(targetKind(null)).toBe('*');
    expect(targetKind('  ')).toBe('*');
  });
});
