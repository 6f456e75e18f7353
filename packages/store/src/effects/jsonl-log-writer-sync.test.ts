import * as fs from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEvent } from '@engram/events/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { JsonlLogWriter } from './jsonl-log-writer.js';

// fsyncSync counted, still done: each costs a flush of the disk, and a hook's process pays every one.
vi.mock('node:fs', async (original) => {
  const real = await original<typeof fs>();
  return { ...real, fsyncSync: vi.fn(real.fsyncSync) };
});

const SESSION = '20261130_031500_ab12';
const fsyncs = () => vi.mocked(fs.fsyncSync).mock.calls.length;

describe('JsonlLogWriter.sync', () => {
  beforeEach(() => {
    vi.mocked(fs.fsyncSync).mockClear();
  });

  it('flushes what this writer appended, once: a sync or close with nothing new since does not flush again', async () => {
    const w = new JsonlLogWriter(join(mkdtempSync(join(tmpdir(), 'engram-writer-sync-')), 'events', `${SESSION}.jsonl`), SESSION);
    w.sync();
    expect(fsyncs()).toBe(0);
    await w.append([buildEvent('executive.turn.started')]);
    w.sync();
    expect(fsyncs()).toBe(1);
    w.sync();
    expect(fsyncs()).toBe(1);
    await w.append([buildEvent('executive.turn.completed')]);
    w.close();
    expect(fsyncs()).toBe(2);
  });
});
