import { describe, expect, it } from 'vitest';
import { copilotDecision, parseCopilotAnswer } from './parse-copilot-answer.js';

describe('parseCopilotAnswer', () => {
  it('reads y/yes as all, n/no as none, an empty line as later', () => {
    expect(parseCopilotAnswer('y', 3)).toEqual({ kind: 'all' });
    expect(parseCopilotAnswer(' YES ', 3)).toEqual({ kind: 'all' });
    expect(parseCopilotAnswer('n', 3)).toEqual({ kind: 'none' });
    expect(parseCopilotAnswer('No', 3)).toEqual({ kind: 'none' });
    expect(parseCopilotAnswer('', 3)).toEqual({ kind: 'later' });
  });

  it('reads 1-based numbers separated by spaces or commas, sorted and once each', () => {
    expect(parseCopilotAnswer('1', 3)).toEqual({ kind: 'pick', numbers: [1] });
    expect(parseCopilotAnswer('3 1', 3)).toEqual({ kind: 'pick', numbers: [1, 3] });
    expect(parseCopilotAnswer('2,3, 2', 3)).toEqual({ kind: 'pick', numbers: [2, 3] });
  });

  it('refuses a number not shown or a word that is no answer, naming it', () => {
    expect(parseCopilotAnswer('4', 3)).toEqual({ kind: 'invalid', message: '4 is not shown: pick numbers from 1 to 3' });
    expect(parseCopilotAnswer('0', 3)).toMatchObject({ kind: 'invalid' });
    expect(parseCopilotAnswer('1 maybe', 3)).toEqual({ kind: 'invalid', message: 'answer y, n, or numbers from 1 to 3 (not "maybe")' });
    expect(parseCopilotAnswer('-1', 3)).toMatchObject({ kind: 'invalid' });
  });
});

describe('copilotDecision', () => {
  const ids = ['p-a', 'p-b', 'p-c'];
  it('accepts the picked ones and rejects the others shown', () => {
    expect(copilotDecision({ kind: 'pick', numbers: [1, 3] }, ids)).toEqual({ accept: ['p-a', 'p-c'], reject: ['p-b'] });
  });
  it('accepts all on yes, rejects all on no, decides nothing on later', () => {
    expect(copilotDecision({ kind: 'all' }, ids)).toEqual({ accept: ids, reject: [] });
    expect(copilotDecision({ kind: 'none' }, ids)).toEqual({ accept: [], reject: ids });
    expect(copilotDecision({ kind: 'later' }, ids)).toEqual({ accept: [], reject: [] });
  });
});
