import { describe, expect, it } from 'vitest';
import { defaultBasalGangliaParams } from './basal-ganglia-params.js';
import { observeSession } from './observations.test-helper.js';
import { DAY_MS } from './recency.js';
import { scorePatterns } from './score-patterns.js';

const params = { ...defaultBasalGangliaParams, frequencyFloor: 1 };
const NOW = 10 * DAY_MS;
const chain = 'basal-ganglia.chain.Grep>Read>Edit';

describe('scorePatterns', () => {
  it('normalises frequency against the most common pattern, consistency over sessions in the window', () => {
    const obs = [...observeSession('a', ['Grep', 'Read', 'Edit'], { start: NOW - 10_000 }), ...observeSession('b', ['Bash', 'Bash'], { start: NOW - 20_000 })];
    const s = scorePatterns(obs, NOW, params).find((x) => x.id === chain);
    expect(s).toMatchObject({ observations: 1, sessions: 1, sessionsInWindow: 2, frequency: 1, consistency: 0.5 });
    expect(s?.confidence).toBeCloseTo(0.5, 4);
  });

  it('applies the frequency floor when the window is sparse', () => {
    const obs = observeSession('a', ['Grep', 'Read', 'Edit'], { start: NOW - 10_000 });
    expect(scorePatterns(obs, NOW, { ...params, frequencyFloor: 4 })[0]?.frequency).toBe(0.25);
  });

  it('leaves out calls outside the window and decays by days since last seen', () => {
    const old = observeSession('old', ['Grep', 'Read', 'Edit'], { start: NOW - 8 * DAY_MS });
    const recent = observeSession('new', ['Grep', 'Read', 'Edit'], { start: NOW - 7 * DAY_MS + 10_000 });
    const [s] = scorePatterns([...old, ...recent], NOW, params);
    expect(s).toMatchObject({ observations: 1, sessionsInWindow: 1 });
    expect(s?.recency).toBeCloseTo(0.5, 4);
  });

  it('does not count occurrences made while the pattern’s own rule was injected', () => {
    const fresh = observeSession('a', ['Grep', 'Read', 'Edit'], { start: NOW - 20_000 });
    const shown = observeSession('b', ['Grep', 'Read', 'Edit'], { start: NOW - 10_000, injected: [chain] });
    const s = scorePatterns([...fresh, ...shown], NOW, params).find((x) => x.id === chain);
    expect(s).toMatchObject({ observations: 1, selfConfirmed: 1, sessions: 1, sessionsInWindow: 2 });
  });

  it('drops a pattern seen only under its own injection', () => {
    const shown = observeSession('b', ['Grep', 'Read', 'Edit'], { start: NOW - 10_000, injected: [chain] });
    expect(scorePatterns(shown, NOW, params).find((x) => x.id === chain)).toBeUndefined();
  });
});
