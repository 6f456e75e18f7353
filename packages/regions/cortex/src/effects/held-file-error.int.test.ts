import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HeldFileError } from './held-file-store.js';
import { PendingQueue } from './pending-queue.js';
import { QuarantineStore } from './quarantine-store.js';

/** Both held stores refuse a file they cannot read with the one error, naming the kind and the file, and never write over it. */
describe('HeldFileError', () => {
  it.each([
    ['pending', (file: string) => new PendingQueue(file).list()],
    ['quarantine', (file: string) => new QuarantineStore(file).list()],
  ] as const)('%s: a corrupt file is refused (unreadable) and left as it was', (kind, list) => {
    const file = join(mkdtempSync(join(tmpdir(), 'engram-held-')), `${kind}.json`);
    writeFileSync(file, '{ not json');
    expect(() => list(file)).toThrow(HeldFileError);
    expect(() => list(file)).toThrow(expect.objectContaining({ _tag: 'HeldFileError', reason: 'unreadable', kind, file }));
    expect(readFileSync(file, 'utf8')).toBe('{ not json');
  });
});
