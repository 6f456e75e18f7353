import { describe, expect, it } from 'vitest';
import { matchesToolTarget, normalizeToolTarget, toolTargetGlob, toolTargetPattern } from './tool-target-pattern.js';

describe('normalizeToolTarget', () => {
  it.each([
    ['./src/a.cbl', 'src/a.cbl'],
    ['src//a.cbl', 'src/a.cbl'],
    ['src/./a.cbl', 'src/a.cbl'],
    ['data/', 'data'],
    ['/', '/'],
    ['  /tmp/x.csv ', '/tmp/x.csv'],
    ['https://example.com/a/', 'https://example.com/a'],
    ['https://example.com//a', 'https://example.com//a'],
    ['orders', 'orders'],
  ])('%s -> %s', (raw, normal) => {
    expect(normalizeToolTarget(raw)).toBe(normal);
  });
});

describe('toolTargetGlob', () => {
  it.each([
    ['src/PAYROLL.CBL', '*.cbl'],
    ['/tmp/x.tar.gz', '*.gz'],
    ['C:\\work\\a.csv', '*.csv'],
    ['a.csv', '*.csv'],
  ])('%s is a file of kind %s', (target, glob) => {
    expect(toolTargetGlob(target)).toBe(glob);
  });

  it.each(['https://example.com/a.html', 'cat a.cbl', 'Makefile', '.bashrc', 'src/', 'main', 'release.v1-candidate-final'])('%s has no kind', (target) => {
    expect(toolTargetGlob(target)).toBeNull();
  });
});

describe('matchesToolTarget', () => {
  it('matches the exact target however it is spelled, and other files of the same kind', () => {
    const p = toolTargetPattern('./src/a.cbl');
    expect(p).toEqual({ exact: 'src/a.cbl', glob: '*.cbl' });
    expect(matchesToolTarget(p, 'src//a.cbl')).toBe(true);
    expect(matchesToolTarget(p, '/elsewhere/B.CBL')).toBe(true);
    expect(matchesToolTarget(p, 'src/a.cob')).toBe(false);
    expect(matchesToolTarget(p, 'cat src/a.cbl')).toBe(false);
  });

  it('matches names without a kind exactly only', () => {
    const p = toolTargetPattern('orders');
    expect(matchesToolTarget(p, 'orders')).toBe(true);
    expect(matchesToolTarget(p, 'orders2')).toBe(false);
  });
});
