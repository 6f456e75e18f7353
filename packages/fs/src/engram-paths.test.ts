import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engramPaths, rootForDir } from './engram-paths.js';

describe('engramPaths', () => {
  it('resolves the home from the flag, then ENGRAM_HOME, then ~/.engram', () => {
    expect(engramPaths({ home: '/h' }, { ENGRAM_HOME: '/e' }).home).toBe('/h');
    expect(engramPaths({}, { ENGRAM_HOME: '/e' }).home).toBe('/e');
    expect(engramPaths({}, {}).home).toBe(join(homedir(), '.engram'));
  });

  it('names every file under the two roots', () => {
    const p = engramPaths({ home: '/h', project: '/p' }, {});
    expect(p.projectMemoryDir).toBe('/p/.engram/memory');
    expect(p.globalMemoryDir).toBe('/h/memory');
    expect(p.eventsDir).toBe('/p/.engram/events');
    expect(p.episodeIndexFile).toBe('/p/.engram/index/episodes.sqlite');
    expect(p.pendingMemoryFile).toBe('/p/.engram/pending-memory.json');
    expect(p.hookSessionsFile).toBe('/p/.engram/hooks/sessions.json');
    expect(p.skillsDir).toBe('/h/skills');
    expect(p.rootOf('/p/.engram/memory/rules.md')).toBe('/p');
    expect(p.rootOf('/h/memory/rules.md')).toBe('/h');
    expect(() => p.rootOf('/elsewhere/x')).toThrow(/neither under/);
  });

  it('without a project, events and the pending queue are global and project memory is refused', () => {
    const p = engramPaths({ home: '/h' }, {});
    expect(p.eventsDir).toBe('/h/events');
    expect(p.pendingMemoryFile).toBe('/h/pending-memory.json');
    expect(() => p.memoryDir('project')).toThrow(/--project DIR/);
  });

  it('finds a store folder root from the path', () => {
    expect(rootForDir('/p/.engram/memory', { ENGRAM_HOME: '/h' })).toBe('/p');
    expect(rootForDir('/h/memory', { ENGRAM_HOME: '/elsewhere' })).toBe('/h');
    // The default home is itself a `.engram` folder, and may be a link the user made: it is the root, not checked.
    expect(rootForDir(join(homedir(), '.engram', 'memory'), {})).toBe(join(homedir(), '.engram'));
    expect(rootForDir('/u/.engram/memory', { ENGRAM_HOME: '/u/.engram' })).toBe('/u/.engram');
  });
});
