import { describe, expect, it } from 'vitest';
import type { AnyEnvelope } from '@engram/events';
import { readDemoLog } from './demo-logs.test-helper.js';
import { entryUsage, usageIndex } from './entry-usage.js';

const RULE = { id: '02487bf28ae78554', text: 'Use ONE scratchpad name per task: every name is a separate, isolated environment, so moving to a new one (say from build_pres to write_html) repeats every import and fetch and wastes rounds.' };

describe('entryUsage', () => {
  const logs = [readDemoLog(0), readDemoLog(1)];

  it('counts the turns a rule was injected in, and a hit when its lesson did not fire again there', () => {
    expect(entryUsage(usageIndex(logs), RULE, new Set(['acc.name-switch']))).toEqual({ injections: 1, turns: 1, hits: 1, hitRate: 1 });
  });

  it('a turn in which the lesson fired again is a miss', () => {
    const second = readDemoLog(1);
    const nudge = readDemoLog(0).find((e) => e.type === 'acc.nudge.emitted' && e.data.lessonId === 'acc.name-switch') as AnyEnvelope;
    const missed = [...second, { ...nudge, sessionId: second[0]?.sessionId ?? '', turn: 1, seq: 999, id: 'fired-again' } as AnyEnvelope];
    expect(entryUsage(usageIndex([logs[0] ?? [], missed]), RULE, new Set(['acc.name-switch']))).toEqual({ injections: 1, turns: 1, hits: 0, hitRate: 0 });
  });

  it('matches an entry by text when its id changed, and judges nothing without a lesson behind it', () => {
    expect(entryUsage(usageIndex(logs), { id: 'edited', text: `  ${RULE.text.toUpperCase()} ` }, new Set())).toEqual({ injections: 1, turns: 1, hits: 0, hitRate: null });
    expect(entryUsage(usageIndex(logs), { id: 'nope', text: 'never injected' }, new Set(['acc.name-switch']))).toEqual({ injections: 0, turns: 0, hits: 0, hitRate: null });
  });
});
