import { appendDurably, nodeFsPort } from '@engram/fs';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentKey } from './memory-file-cache.js';

const keyOf = (path: string): string => {
  const st = nodeFsPort.lstat(path);
  if (st === null) throw new Error(`${path} is missing`);
  return contentKey(st);
};

const root = mkdtempSync(join(tmpdir(), 'engram-append-'));
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('contentKey over appendDurably', () => {
  it('appends, and reports the content key before and after, so a change by someone else shows', () => {
    const path = join(root, 'f.md');
    writeFileSync(path, '# Lessons\n');
    const known = keyOf(path);
    for (const sync of [false, true]) {
      const r = appendDurably(path, '- x\n', { sync });
      const before = contentKey(r.before);
      const after = contentKey(r.after);
      expect(after).toBe(keyOf(path));
      expect(before === known).toBe(!sync);
    }
    appendFileSync(path, 'a hand edit\n');
    const last = keyOf(path);
    expect(contentKey(appendDurably(path, '- y\n').before)).toBe(last);
    expect(readFileSync(path, 'utf8')).toBe('# Lessons\n- x\n- x\na hand edit\n- y\n');
  });
});
