import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseLocomoDate, readLocomo } from './locomo-dataset.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'engram-locomo-'));
  dirs.push(d);
  return d;
};

const conversation = {
  speaker_a: 'Ana',
  speaker_b: 'Bo',
  session_1_date_time: '1:56 pm on 8 May, 2023',
  session_1: [
    { speaker: 'Ana', dia_id: 'D1:1', text: 'I adopted a puppy.' },
    { speaker: 'Bo', dia_id: 'D1:2', text: 'What is its name?', img_url: ['x'], blip_caption: 'a dog' },
  ],
  session_2_date_time: '9:00 am on 1 June, 2023',
  session_2: [{ speaker: 'Ana', dia_id: 'D2:1', text: 'Biscuit learned to sit.' }],
  qa: [
    { question: 'What did Ana adopt?', answer: 'a puppy', evidence: ['D1:1'], category: 1 },
    { question: 'When did Biscuit learn to sit?', answer: 'June 2023', evidence: ['D2:1; D1:1'], category: 2 },
    { question: 'What did Bo adopt?', adversarial_answer: 'a cat', evidence: [], category: 5 },
  ],
};

describe('readLocomo', () => {
  it('reads a folder of conversations: turns with speaker and session date, questions of categories 1-4', () => {
    const d = tmp();
    writeFileSync(join(d, '1.json'), JSON.stringify(conversation));
    const [c] = readLocomo(d);
    expect(c?.name).toBe('1.json');
    expect(c?.turns.map((t) => [t.diaId, t.speaker, t.session, t.sessionMs])).toEqual([
      ['D1:1', 'Ana', 1, Date.UTC(2023, 4, 8, 13, 56)],
      ['D1:2', 'Bo', 1, Date.UTC(2023, 4, 8, 13, 56)],
      ['D2:1', 'Ana', 2, Date.UTC(2023, 5, 1, 9, 0)],
    ]);
    expect(c?.questions.map((q) => q.evidence)).toEqual([['D1:1'], ['D2:1', 'D1:1']]);
  });

  it('names the file and the field of a bad turn', () => {
    const d = tmp();
    writeFileSync(join(d, 'bad.json'), JSON.stringify({ ...conversation, session_2: [{ speaker: 'Ana', dia_id: 3, text: 'x' }] }));
    expect(() => readLocomo(d)).toThrow(/bad\.json: field session_2\[0\]\.dia_id/);
  });

  it('names the file of text that is not JSON, and refuses a linked file', () => {
    const d = tmp();
    writeFileSync(join(d, 'a.json'), '{');
    expect(() => readLocomo(d)).toThrow(/a\.json: not JSON/);
    const e = tmp();
    writeFileSync(join(e, 'real.txt'), JSON.stringify(conversation));
    symlinkSync(join(e, 'real.txt'), join(e, 'link.json'));
    expect(() => readLocomo(e)).toThrow(/link\.json: is a symbolic link/);
  });

  it('reads twelve-hour times', () => {
    expect(parseLocomoDate('12:05 am on 3 January, 2024')).toBe(Date.UTC(2024, 0, 3, 0, 5));
    expect(parseLocomoDate('no date')).toBeNull();
  });
});
