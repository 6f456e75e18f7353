import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseAntonTrace, replayAntonAcc } from '@engram/replay';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../support/load-fixtures.js';

interface AntonFixture {
  readonly why: string;
  readonly when: unknown[];
  readonly then: {
    readonly lessons: string[];
    readonly nudges: { detector: string; afterEvent: number }[];
    readonly skipped: number[];
    readonly triggers?: Record<string, string[]>;
    readonly faults?: string[];
  };
}

const fixtures = loadFixtures<AntonFixture>('acc/anton');
/** The built CLI (npm test builds it first). */
const BIN = path.join(import.meta.dirname, '..', '..', 'apps', 'cli', 'bin', 'engram.js');
const dir = mkdtempSync(path.join(tmpdir(), 'engram-acc-'));
const traceFile = (name: string, trace: unknown): string => {
  const file = path.join(dir, name);
  writeFileSync(file, typeof trace === 'string' ? trace : JSON.stringify(trace));
  return file;
};

describe('Anton trace fixtures (given the anton profile, when the trace replays as one turn)', () => {
  it.each(fixtures)('$file', ({ file, fixture }) => {
    const trace = parseAntonTrace(JSON.stringify(fixture.when), file);
    const result = replayAntonAcc(trace, { nudges: true });
    expect(result.lessons.map((l) => l.id)).toEqual(fixture.then.lessons);
    expect(result.nudges).toEqual(fixture.then.nudges);
    expect(trace.skipped.map((s) => s.index)).toEqual(fixture.then.skipped);
    expect(result.faults.map((f) => f.antonDetector)).toEqual(fixture.then.faults ?? []);
    for (const [id, triggers] of Object.entries(fixture.then.triggers ?? {})) expect(result.lessons.find((l) => l.id === id)?.triggers).toEqual(triggers);
  });

  it.each(fixtures)('$file through engram replay --format anton-acc --json --nudges', async ({ file, fixture }) => {
    const { stdout: out } = await promisify(execFile)(process.execPath, [BIN, 'replay', traceFile(file, fixture.when), '--format', 'anton-acc', '--json', '--nudges'], { encoding: 'utf8' });
    const printed = JSON.parse(out) as { lessons: { id: string; detector: string }[]; nudges: unknown[] };
    expect(printed.lessons.map((l) => l.id)).toEqual(fixture.then.lessons);
    expect(printed.lessons.every((l) => l.detector.startsWith('detect_'))).toBe(true);
    expect(printed.nudges).toEqual(fixture.then.nudges);
  });
});
