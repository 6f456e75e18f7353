import { fsyncSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEvent } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import { JsonlLogWriter } from './jsonl-log-writer.js';

const SESSION = '20261130_031500_ab12';

describe('JsonlLogWriter.sync', () => {
  it('flushes what this writer appended, once: a sync or close with nothing new since does not flush again', async () => {
    // Each fsync a flush of the disk, and a hook's process pays every one: counted, still done.
    let fsyncs = 0;
    const fsync = (fd: number) => {
      fsyncs++;
      fsyncSync(fd);
    };
    const w = new JsonlLogWriter(join(mkdtempSync(join(tmpdir(), 'engram-writer-sync-')), 'events', `${SESSION}.jsonl`), SESSION, { fsync });
    w.sync();
    expect(fsyncs).toBe(0);
    await w.append([buildEvent('executive.turn.started')]);
    w.sync();
    expect(fsyncs).toBe(1);
    w.sync();
    expect(fsyncs).toBe(1);
    await w.append([buildEvent('executive.turn.completed')]);
    w.close();
    expect(fsyncs).toBe(2);
  });
});
