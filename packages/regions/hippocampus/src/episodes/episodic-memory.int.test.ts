import { manualClock } from '@engram/kernel';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EpisodicMemory } from './episodic-memory.js';

const root = mkdtempSync(join(tmpdir(), 'engram-episodic-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('EpisodicMemory', () => {
  it('logs under <project>/.engram/episodes and recalls through the index, catching up between calls', () => {
    const clock = manualClock('2026-03-01T10:00:00.000Z');
    const projectDir = join(root, 'p1');
    const memory = new EpisodicMemory({ projectDir, clock });
    memory.log.startSession();
    memory.log.logTurn(1, 'user', 'load the sales CSV');
    clock.advance(1000);
    memory.log.logTurn(1, 'assistant', 'Loaded 10 rows.');
    expect(memory.recallFormatted('csv')).toBe('[2026-03-01T10:00:00.000+00:00] (user) load the sales CSV\n[2026-03-01T10:00:01.000+00:00] (assistant) Loaded 10 rows.');
    clock.advance(1000);
    memory.log.logTurn(2, 'user', 'and the csv headers?');
    expect(memory.recall('csv').groups).toHaveLength(2);
    expect(existsSync(join(projectDir, '.engram', 'index', 'episodes.sqlite'))).toBe(true);
    expect(memory.reindex()).toMatchObject({ episodesAdded: 3, problems: [] });
    expect(memory.recall('csv', { maxResults: 1 }).groups[0]?.episodes[0]?.episode.content).toBe('and the csv headers?');
    memory.close();
  });
  it('writes nothing when disabled and still answers recall', () => {
    const memory = new EpisodicMemory({ projectDir: join(root, 'p2'), enabled: false });
    memory.log.startSession();
    expect(memory.log.logTurn(1, 'user', 'x').status).toBe('skipped');
    expect(memory.recallFormatted('x')).toBe("No episodes found matching 'x'.");
    memory.close();
  });
});
