import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/** Forms `Number()` would have accepted (as 0, 16, 1000, 3 or -1) and a strict parser must refuse. */
const LOOSE = ['', '0x10', '1e3', ' 3', '-1', '1.5'];

describe('numeric flags are parsed strictly (exit 2 naming the allowed form)', () => {
  it.each(LOOSE)('engram log prune --older-than %j removes nothing', (value) => {
    const root = mkdtempSync(join(tmpdir(), 'engram-prune-'));
    const project = join(root, 'project');
    const events = join(project, '.engram', 'events');
    mkdirSync(events, { recursive: true });
    const log = join(events, '20200101_000000_abcd.jsonl');
    writeFileSync(log, '');
    const r = runCli(['log', 'prune', '--older-than', value, '--project', project, '--home', join(root, 'home')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('expected a whole number from 1 to 36500');
    expect(existsSync(log)).toBe(true);
  });

  it.each([
    [['log', 'tail', 'x.jsonl', '-n', '0x10'], 'a whole number from 1 to 1000000'],
    [['sim', '--turns', '1e3'], 'a whole number from 1 to 1000000'],
    [['sim', '--seed', '-1'], 'a whole number from 0 to 4294967295'],
    [['sim', '--p', ' 0.5'], 'a number from 0 to 1'],
    [['bench', 'bus', '--scale', '0'], 'a number above 0 to 10'],
    [['run', '--task', 't', '--round-cap', ''], 'a whole number from 1 to 1000'],
    [['llm', 'check', '--timeout', '1e3'], 'a whole number from 1 to 3600000'],
  ])('engram %j', (args, expected) => {
    const r = runCli(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`expected ${expected}`);
  });
});

describe('numeric variables are parsed strictly too', () => {
  it('engram run refuses a loose ENGRAM_PAD_MEMORY_MB before any pad starts (exit 2)', () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-padmem-'));
    const r = runCli(['run', '--task', 't', '--llm', 'scripted:missing.json', '--home', join(root, 'home'), '--project', join(root, 'project')], { ENGRAM_PAD_MEMORY_MB: '1e3' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('ENGRAM_PAD_MEMORY_MB must be a whole number of megabytes from 1 to 1048576');
  });
});
