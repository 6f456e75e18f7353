import { describe, expect, it } from 'vitest';
import { findChains } from './find-chains.js';
import { observeSession } from './observations.test-helper.js';

describe('findChains', () => {
  it('completes a 3-tool chain at every call with two predecessors in its session', () => {
    const occ = findChains(observeSession('s', ['Grep', 'Read', 'Edit', 'Bash']));
    expect(occ.map((o) => o.tools.join('>'))).toEqual(['Grep>Read>Edit', 'Read>Edit>Bash']);
    expect(occ[0]).toMatchObject({ id: 'basal-ganglia.chain.Grep>Read>Edit', kind: 'chain', sessionId: 's', at: 2000, selfInjected: false });
  });

  it('never chains across sessions', () => {
    expect(findChains([...observeSession('a', ['Grep', 'Read']), ...observeSession('b', ['Edit'])])).toEqual([]);
  });

  it('marks a chain completed while its own rule was injected', () => {
    const occ = findChains(observeSession('s', ['Grep', 'Read', 'Edit'], { injected: ['basal-ganglia.chain.Grep>Read>Edit'] }));
    expect(occ[0]?.selfInjected).toBe(true);
  });
});
