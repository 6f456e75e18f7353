import { trustOf } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { newEntryComment } from './entry-line.js';
import { documentEntries } from './memory-document.js';
import { parseMemoryFile } from './parse-memory-file.js';

describe('the trust tier in an entry’s metadata', () => {
  it('is written last, after Anton’s keys and engram’s, and read back', () => {
    const comment = newEntryComment('lessons', { confidence: 'high', source: 'user', topic: null, at: '2026-11-22T03:15:00.000Z', id: '0123456789abcdef', trust: 'quoted' });
    expect(comment).toBe(' confidence:high source:user ts:2026-11-22 at:2026-11-22T03:15:00.000Z id:0123456789abcdef trust:quoted ');
    const [entry] = documentEntries(parseMemoryFile('lessons', 'project', `# Lessons\n- Read the notes first <!--${comment ?? ''}-->\n`));
    expect(entry?.trust).toBe('quoted');
    expect(entry?.confidence).toBe('high');
  });

  it('is left out when none is known, and an entry without one counts as model', () => {
    expect(newEntryComment('lessons', { confidence: null, source: null, topic: null, at: '2026-11-22T03:15:00.000Z', id: '0123456789abcdef' })).not.toContain('trust:');
    const entries = documentEntries(parseMemoryFile('lessons', 'project', '# Lessons\n- Written by Anton <!-- confidence:high source:user ts:2026-01-01 -->\n- By hand\n- Vouched for <!-- trust:user -->\n'));
    expect(entries.map((e) => [e.trust, trustOf(e)])).toEqual([
      [undefined, 'model'],
      [undefined, 'model'],
      ['user', 'user'],
    ]);
  });

  it('notes an unknown tier and reads it as none, keeping the line', () => {
    const doc = parseMemoryFile('lessons', 'project', '# Lessons\n- Odd <!-- trust:root -->\n');
    expect(documentEntries(doc)[0]?.trust).toBeUndefined();
    expect(doc.lines.flatMap((l) => l.notes).map((n) => n.field)).toContain('trust');
  });
});
