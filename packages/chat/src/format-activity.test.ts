import { describe, expect, it } from 'vitest';
import { createActivityFormatter, formatDuration, SUMMARY_CHARS, toolSummary } from './format-activity.js';

describe('toolSummary', () => {
  it("names the scratchpad's pad and the model's one-line description", () => {
    expect(toolSummary({ action: 'exec', name: 'calc', code: 'print(6 * 7)', one_line_description: 'multiply' })).toBe('calc: multiply');
  });
  it('uses the most telling text field of other tools, else the input as JSON', () => {
    expect(toolSummary({ query: 'csv loading', max_results: 3 })).toBe('csv loading');
    expect(toolSummary({ a: 1 })).toBe('{"a":1}');
    expect(toolSummary('ls -la')).toBe('ls -la');
  });
  it('reads the recorded summary (the input as JSON, cut at 120 characters) for what survived the cut', () => {
    const input = { action: 'exec', name: 'calc', code: 'print(6 * 7)', one_line_description: 'multiply' };
    expect(toolSummary(JSON.stringify(input))).toBe('calc: multiply');
    const long = JSON.stringify({ action: 'exec', name: 'load', code: `import pandas\n${'x = 1\n'.repeat(40)}`, one_line_description: 'load the data' }).slice(0, 120);
    expect(toolSummary(long)).toBe('load (exec)');
    expect(toolSummary('{"description":"say \\"hi\\"","code":"pri')).toBe('say "hi"');
  });
  it('keeps to one line of at most SUMMARY_CHARS', () => {
    const s = toolSummary({ description: `line one\nline two ${'x'.repeat(200)}` });
    expect(s).not.toContain('\n');
    expect(s.length).toBe(SUMMARY_CHARS);
    expect(s.endsWith('…')).toBe(true);
  });
});

describe('createActivityFormatter', () => {
  it('shows a running tool, then one line with its summary, ok or failed, and the duration', () => {
    const f = createActivityFormatter();
    expect(f({ kind: 'tool-start', id: 't1', name: 'scratchpad', summary: 'calc: multiply' })).toEqual({ kind: 'running', text: 'scratchpad calc: multiply' });
    expect(f({ kind: 'tool-start', id: 't2', name: 'recall', summary: '' })).toEqual({ kind: 'running', text: 'recall' });
    expect(f({ kind: 'tool-end', id: 't1', name: 'scratchpad', ok: true, durationMs: 120 })).toEqual({ kind: 'finished', ok: true, text: 'scratchpad calc: multiply · ok · 120 ms' });
    expect(f({ kind: 'tool-end', id: 't2', name: 'recall', ok: false, durationMs: 2100 })).toEqual({ kind: 'finished', ok: false, text: 'recall · failed · 2.1 s' });
  });
  it('shows a nudge whole on one line, and a compaction as a note', () => {
    const f = createActivityFormatter();
    expect(f({ kind: 'nudge', text: 'stop\n  retrying' })).toEqual({ kind: 'nudge', text: 'nudge: stop retrying' });
    expect(f({ kind: 'compacted', turns: 1 })).toEqual({ kind: 'note', text: 'compacted 1 old turn to stay within the context budget' });
  });
  it('formats durations in ms under a second, seconds above', () => {
    expect(formatDuration(999)).toBe('999 ms');
    expect(formatDuration(1000)).toBe('1.0 s');
  });
});
