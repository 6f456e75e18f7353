import { describe, expect, it } from 'vitest';
import { ConsolidatedLessonSchema } from './consolidated-lessons.js';
import { dropAbandoned } from './drop-abandoned.js';
import type { ReplayCell } from './replay-cell.js';

const cell = (cellId: string, description: string, code: string, error = ''): ReplayCell => ({ pad: 'main', cellId, description, code, stdout: error === '' ? 'ok' : '', stderr: '', error, killed: false });
const item = (text: string, kind: 'lesson' | 'never' | 'when' = 'lesson') => ConsolidatedLessonSchema.parse({ text, kind });

/** A turn that tests a hypothesis (the file is UTF-16), drops it when the read fails, and succeeds with latin-1. */
const turn = [
  cell('c1', 'hypothesis: sales file encoded UTF-16', "pd.read_csv('sales.csv', encoding='utf-16')", 'UnicodeError: UTF-16 stream does not start with BOM'),
  cell('c2', 'read sales file as latin-1', "pd.read_csv('sales.csv', encoding='latin-1')"),
];

describe('dropAbandoned (mentions are not assertions)', () => {
  it('drops the abandoned hypothesis and keeps what the successful cell established', () => {
    const kept = dropAbandoned([item('The sales file is encoded UTF-16'), item('Read the sales file with latin-1 encoding')], turn, 0.5);
    expect(kept.map((i) => i.text)).toEqual(['Read the sales file with latin-1 encoding']);
  });

  it('keeps a rule against the failed approach, and a hypothesis that a later cell confirmed', () => {
    expect(dropAbandoned([item('Never assume the sales file is UTF-16', 'never'), item('Do not read the sales file as UTF-16')], turn, 0.5)).toHaveLength(2);
    const confirmed = [...turn, cell('c3', 'retry: sales file encoded UTF-16 with BOM', "pd.read_csv('sales.csv', encoding='utf-16-le')")];
    expect(dropAbandoned([item('The sales file is encoded UTF-16')], confirmed, 0.5)).toHaveLength(1);
  });
});
