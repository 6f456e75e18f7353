import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendFileDurably, contentKey } from './append-file-durably.js';

const root = mkdtempSync(join(tmpdir(), 'engram-append-'));
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('appendFileDurably', () => {
  it('appends, and reports the content key before and after, so a change by someone else shows', () => {
    const path = join(root, 'f.md');
    writeFileSync(path, '# Lessons\n');
    const known = contentKey(statSync(path, { bigint: true }));
    for (const sync of [false, true]) {
      const { before, after } = appendFileDurably(path, '- x\n', sync);
      expect(after).toBe(contentKey(statSync(path, { bigint: true })));
      expect(before === known).toBe(!sync);
    }
    appendFileSync(path, 'a hand edit\n');
    const last = contentKey(statSync(path, { bigint: true }));
    expect(appendFileDurably(path, '- y\n', false).before).toBe(last);
    expect(readFileSync(path, 'utf8')).toBe('# Lessons\n- x\n- x\na hand edit\n- y\n');
  });
});
