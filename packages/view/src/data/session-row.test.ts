import { describe, expect, it } from 'vitest';
import { DEMO_LOGS, readDemoLog } from './demo-logs.test-helper.js';
import { isSessionLog, sessionRow } from './session-row.js';

describe('sessionRow', () => {
  it('counts the demo session that ran into trouble: one turn, five failed calls, four nudges, six lessons, ended', () => {
    const events = readDemoLog(0);
    const r = sessionRow('s1', DEMO_LOGS[0], events);
    expect(r).toMatchObject({ id: 's1', turns: 1, failures: 5, nudges: 4, lessons: 6, encodings: 6, events: events.length, open: false, firstMessage: 'Summarise Q3 sales by region from sales.csv.' });
    expect(r.startedAt).toBe(events[0]?.at);
  });

  it('counts the session after learning: no failure, nothing new learned', () => {
    expect(sessionRow('s2', DEMO_LOGS[1], readDemoLog(1))).toMatchObject({ turns: 1, failures: 0, lessons: 0, nudges: 0 });
  });

  it('a log without its session end is open (the page follows it), and failed cells count when no tool results were reported', () => {
    const events = readDemoLog(0).filter((e) => e.type !== 'executive.session.ended' && e.type !== 'executive.tool.resulted');
    expect(sessionRow('s', 'f', events)).toMatchObject({ open: true, failures: 5 });
  });

  it('a log a command wrote (a removal, no turn) is not a session', () => {
    expect(isSessionLog(readDemoLog(0).filter((e) => e.type === 'hippocampus.engram.encoded'))).toBe(false);
    expect(isSessionLog(readDemoLog(1))).toBe(true);
  });
});
