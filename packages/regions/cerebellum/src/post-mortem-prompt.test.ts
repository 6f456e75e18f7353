import { describe, expect, it } from 'vitest';
import type { FailedCell } from './failed-cell.js';
import { postMortemPrompt } from './post-mortem-prompt.js';

const cell = (over: Partial<FailedCell> = {}): FailedCell => ({
  cellId: 'c1',
  pad: 'main',
  description: 'load the sales file',
  code: "import pandas as pd\ndf = pd.read_csv('sales.csv')",
  stdout: '',
  stderr: '',
  error: "FileNotFoundError: [Errno 2] No such file or directory: 'sales.csv'",
  killed: false,
  errorClass: 'path-not-found',
  signature: "FileNotFoundError: [Errno N] No such file or directory: 'X'",
  hint: 'Check the path.',
  ...over,
});

describe('postMortemPrompt (anton.md §4.3 shape)', () => {
  it('numbers cells from 1 and shows intent, code, and the outputs that exist', () => {
    const { user, system } = postMortemPrompt([cell(), cell({ cellId: 'c2', description: '', code: '', error: '', stderr: 'DeprecationWarning: x' })]);
    expect(system).toMatch(/post-mortem/);
    expect(user).toContain('### Cell 1\n**Intent:** load the sales file\n**Code:**\n```python\nimport pandas');
    expect(user).toContain("**error:** FileNotFoundError");
    expect(user).toContain('### Cell 2\n**Intent:** (no description provided)\n**stderr:** DeprecationWarning: x');
    expect(user).toMatch(/Cells:\n\n### Cell 1/);
    expect(user).toMatch(/Rules:\n- Report only real failures/);
  });

  it('says when a cell produced no output, and cuts long fields with a marker', () => {
    const { user } = postMortemPrompt([cell({ error: '', code: 'x'.repeat(900) })]);
    expect(user).toContain('(no output produced)');
    expect(user).toContain(`${'x'.repeat(800)}\n... [truncated]`);
    expect(user).not.toContain('x'.repeat(801));
  });

  it('scrubs secrets from code and outputs before they reach the model (anton.md §15.23)', () => {
    const key = 'sk-ant-api03-SECRETSECRETSECRETSECRET';
    const { user } = postMortemPrompt([cell({ code: `client = Anthropic(api_key="${key}")`, stdout: `using ${key}`, error: `bad key ${key}` })]);
    expect(user).not.toContain('SECRETSECRET');
  });

  it('notes failed cells the buffer cap left out', () => {
    expect(postMortemPrompt([cell()], 3).user).toContain('(3 more failed cells from this turn not shown.)');
  });
});
