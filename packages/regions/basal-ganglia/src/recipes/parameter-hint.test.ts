import { describe, expect, it } from 'vitest';
import { parameterHint } from './parameter-hint.js';
import { cellAction, toolAction } from './recipe-action.js';

const cellHint = (before: string, after: string) => parameterHint(cellAction('c1', 'main', before), cellAction('c2', 'main', after));

describe('parameterHint', () => {
  it('names what the success adds to the code, widened to whole tokens', () => {
    expect(cellHint("pd.read_csv('x.csv')", "pd.read_csv('x.csv', encoding='latin-1')")).toBe("encoding='latin-1'");
    expect(cellHint("open(p, encoding='utf-8')", "open(p, encoding='latin-1')")).toBe("encoding='latin-1'");
    expect(cellHint('x = load(p, strict=True)', 'x = load(p)')).toBe('without strict=True');
    expect(cellHint('x = 1', 'x = 1')).toBe('');
  });

  it('names changed and added fields, and for the same tool the dropped ones, never the target field', () => {
    const failed = toolAction('t1', 'Read', 'a.cbl', { path: 'a.cbl', strict: true, limit: 10 });
    expect(parameterHint(failed, toolAction('t2', 'Read', './a.cbl', { path: './a.cbl', limit: 20, encoding: 'cp037' }))).toBe("limit: 20, encoding: 'cp037', without strict");
    expect(parameterHint(failed, toolAction('t3', 'Probe', 'a.cbl', { file: 'a.cbl', bytes: 512 }))).toBe('bytes: 512');
  });

  it('leaves explanatory fields out: they vary between identical calls', () => {
    const failed = toolAction('t1', 'Read', 'a', { path: 'a', description: 'read it' });
    expect(parameterHint(failed, toolAction('t2', 'Read', 'a', { path: 'a', description: 'read it again', reason: 'retry' }))).toBe('');
  });
});
