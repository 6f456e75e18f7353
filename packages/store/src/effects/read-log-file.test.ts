import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEvent, buildStream } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import { readLogFile } from './read-log-file.js';

const tmpFile = () => join(mkdtempSync(join(tmpdir(), 'engram-read-')), 'log.jsonl');
const line = (e: unknown) => `${JSON.stringify(e)}\n`;

describe('readLogFile', () => {
  it('reads every intact event and reports each bad line with file, line and field', () => {
    const file = tmpFile();
    const [a, b, c] = buildStream([['executive.turn.started'], ['scratchpad.cell.executed'], ['executive.turn.completed']]);
    writeFileSync(
      file,
      line(a) +
        '{"seq": 2, "id": oops\n' +
        line({ ...b, type: 'scratchpad.cell.exploded' }) +
        line({ ...b, data: { ...b!.data, stdoutLength: 'long' } }) +
        '\n' +
        line(c),
    );
    const r = readLogFile(file);
    expect(r.events).toEqual([a, c]);
    expect(r.problems.map((p) => [p.line, p.field])).toEqual([
      [2, '(line)'],
      [3, 'type'],
      [4, 'data.stdoutLength'],
      [5, '(line)'],
    ]);
    expect(r.problems[0]?.file).toBe(file);
    expect(r.problems[0]?.problem).toMatch(/not valid JSON/);
    expect(r.tornTail).toBe(false);
  });

  it('reports a torn last line and still returns everything before it', () => {
    const file = tmpFile();
    const events = buildStream([['executive.turn.started'], ['executive.round.started']]);
    writeFileSync(file, events.map(line).join('') + '{"seq":3,"id":"ev');
    const r = readLogFile(file);
    expect(r.events).toEqual(events);
    expect(r.tornTail).toBe(true);
    expect(r.problems).toEqual([{ file, line: 3, field: '(line)', problem: 'torn last line: 17 bytes without a newline (an append was cut off)' }]);
  });

  it('never modifies the file it reads', () => {
    const file = tmpFile();
    writeFileSync(file, line(buildEvent('executive.turn.started')) + 'torn');
    const before = readFileSync(file);
    readLogFile(file);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('reports seq that does not strictly increase', () => {
    const file = tmpFile();
    writeFileSync(file, line(buildEvent('executive.turn.started', {}, { seq: 2 })) + line(buildEvent('executive.turn.started', {}, { seq: 2 })));
    const r = readLogFile(file);
    expect(r.events).toHaveLength(1);
    expect(r.problems.map((p) => [p.line, p.field])).toEqual([[2, 'seq']]);
  });

  it('reads a range and streams events through onEvent', () => {
    const file = tmpFile();
    for (const e of buildStream(Array.from({ length: 20 }, () => ['executive.cap.exhausted'] as const))) appendFileSync(file, line(e));
    expect(readLogFile(file, { fromSeq: 5, toSeq: 7 }).events.map((e) => e.seq)).toEqual([5, 6, 7]);
    const seen: number[] = [];
    const r = readLogFile(file, { onEvent: (e, lineNo) => seen.push(e.seq * 100 + lineNo) });
    expect(r.events).toEqual([]);
    expect(seen.slice(0, 2)).toEqual([101, 202]);
  });

  it('reads every line exactly across decode pieces: lines of every length, ASCII or not, short and longer than a piece', () => {
    const file = tmpFile();
    const texts = Array.from({ length: 400 }, (_, i) => (i % 7 === 3 ? 'ü€🧠'.repeat(i * 13) : 'x'.repeat((i * 997) % 90_000)));
    const events = texts.map((message, i) => buildEvent('executive.turn.started', { message }, { seq: i + 1 }));
    writeFileSync(file, events.map(line).join(''));
    const r = readLogFile(file);
    expect(r.problems).toEqual([]);
    expect(r.events).toEqual(events);
  });

  it('handles lines that span read chunks and multi-byte text', () => {
    const file = tmpFile();
    const big = buildEvent('executive.turn.started', { message: 'é'.repeat(700_000) + '🧠' });
    writeFileSync(file, line(big) + line(buildEvent('executive.cap.exhausted', {}, { seq: 2 })));
    const r = readLogFile(file);
    expect(r.problems).toEqual([]);
    expect(r.events[0]).toEqual(big);
    expect(r.events).toHaveLength(2);
  });
});
