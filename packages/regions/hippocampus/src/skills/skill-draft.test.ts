import { describe, expect, it } from 'vitest';
import { buildSkillDraftPrompt, draftSkill, MAX_DRAFT_CELLS, MAX_DRAFT_CODE_CHARS, skillDraftToSave, SkillDraftSchema, type SkillDraftModel, type SkillSource } from './skill-draft.js';

const source: SkillSource = {
  sessionId: '20260301_090000_ab12',
  userMessages: ['Summarise sales.csv\nby region'],
  cells: [
    { description: 'load', code: "import pandas as pd\ndf = pd.read_csv('sales.csv')", ok: false, output: 'UnicodeDecodeError' },
    { description: 'load latin-1', code: "df = pd.read_csv('sales.csv', encoding='latin-1')", ok: true, output: '' },
  ],
};

const answer = { label: 'csv-summary', name: 'CSV summary', description: 'Summarise a CSV by a column.', whenToUse: 'A CSV needs a per-group summary.', steps: ['Read it with an explicit encoding.', 'Group and sum.'] };

describe('skill drafts (anton.md §10, /skill save)', () => {
  it('shows the messages on one line and every cell with its status and output', () => {
    const { system, user } = buildSkillDraftPrompt(source, 'CSV Summary');
    expect(system).toContain('reusable skill');
    expect(user).toContain('- Summarise sales.csv by region');
    expect(user).toContain('### Cell 1: load [failed]');
    expect(user).toContain('UnicodeDecodeError');
    expect(user).toContain('### Cell 2: load latin-1 [ok]');
    expect(user).toContain('The user wants it named: CSV Summary');
  });
  it('bounds the prompt: code cut, only the latest cells', () => {
    const many: SkillSource = { ...source, cells: Array.from({ length: MAX_DRAFT_CELLS + 5 }, (_, i) => ({ description: `c${i}`, code: 'x'.repeat(MAX_DRAFT_CODE_CHARS * 2), ok: null, output: '' })) };
    const { user } = buildSkillDraftPrompt(many);
    expect(user).not.toContain('### Cell 1: c0 ');
    expect(user).toContain(`(${MAX_DRAFT_CELLS} of ${MAX_DRAFT_CELLS + 5}, oldest first)`);
    expect(user).not.toContain('x'.repeat(MAX_DRAFT_CODE_CHARS + 1));
  });
  it('turns an answer into what the store saves: a numbered procedure', () => {
    const draft = skillDraftToSave(SkillDraftSchema.parse(answer), 'csv-summary', 'session:x');
    expect(draft.body).toContain('## Procedure\n\n1. Read it with an explicit encoding.\n2. Group and sum.');
    expect(draft).toMatchObject({ label: 'csv-summary', displayName: 'CSV summary', provenance: 'session:x', whenToUse: 'A CSV needs a per-group summary.' });
  });
  it('asks the planning role with purpose skill-draft and returns the validated answer', async () => {
    const calls: { purpose: string; role: string; name: string }[] = [];
    const model: SkillDraftModel = {
      generateObject: (schema, options) => {
        calls.push({ purpose: options.purpose, role: options.role, name: options.name });
        return Promise.resolve(schema.parse(answer));
      },
    };
    await expect(draftSkill(model, source)).resolves.toEqual(answer);
    expect(calls).toEqual([{ purpose: 'skill-draft', role: 'planning', name: 'SkillDraft' }]);
  });
  it('refuses an answer without steps', () => {
    expect(SkillDraftSchema.safeParse({ ...answer, steps: [] }).success).toBe(false);
  });
});
