import { describe, expect, it } from 'vitest';
import { findErrorRetries } from './find-error-retries.js';
import { observeSession } from './observations.test-helper.js';

describe('findErrorRetries', () => {
  it('finds a failed call immediately retried with the same tool', () => {
    const occ = findErrorRetries(observeSession('s', [['Bash', false], 'Bash', 'Read']));
    expect(occ).toHaveLength(1);
    expect(occ[0]).toMatchObject({ id: 'basal-ganglia.error-retry.Bash', tools: ['Bash'], at: 1000 });
  });

  it('ignores a success followed by the same tool, and a failure followed by another tool', () => {
    expect(findErrorRetries(observeSession('s', ['Bash', 'Bash', ['Read', false], 'Edit']))).toEqual([]);
  });

  it('counts each retry of a chain of failures', () => {
    expect(findErrorRetries(observeSession('s', [['Bash', false], ['Bash', false], 'Bash']))).toHaveLength(2);
  });

  it('does not pair the last call of one session with the first of the next', () => {
    expect(findErrorRetries([...observeSession('a', [['Bash', false]]), ...observeSession('b', ['Bash'])])).toEqual([]);
  });
});
