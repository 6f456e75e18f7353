import { describe, expect, it } from 'vitest';
import { findRecoveries } from './find-recoveries.js';
import { observeSession } from './observations.test-helper.js';

describe('findRecoveries', () => {
  it('finds a failure, a different tool, then the same tool succeeding', () => {
    const occ = findRecoveries(observeSession('s', [['Edit', false], 'Read', 'Edit']), 3);
    expect(occ).toEqual([expect.objectContaining({ id: 'basal-ganglia.recovery.Edit>Read', tools: ['Edit', 'Read'], at: 2000 })]);
  });

  it('allows other calls before the retry, within the lookahead', () => {
    expect(findRecoveries(observeSession('s', [['Edit', false], 'Read', 'Grep', 'Edit']), 3)).toHaveLength(1);
    expect(findRecoveries(observeSession('s', [['Edit', false], 'Read', 'Grep', 'Bash', 'Edit']), 3)).toEqual([]);
  });

  it('needs the retry to succeed and the next call to be a different tool', () => {
    expect(findRecoveries(observeSession('s', [['Edit', false], 'Read', ['Edit', false]]), 3)).toEqual([]);
    expect(findRecoveries(observeSession('s', [['Edit', false], 'Edit', 'Edit']), 3)).toEqual([]);
  });
});
