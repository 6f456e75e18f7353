import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const roots = (): string[] => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-embedder-'));
  return ['--home', join(dir, 'home'), '--project', join(dir, 'project')];
};

/**
 * A half-set embedder is a setting to change, like a bad ENGRAM_STORE: exit 2 with one line naming
 * the variable to set, never exit 1 with a stack. (No server is started: the settings are refused
 * before any request.) The URL points at 127.0.0.1 only.
 */
describe('embedder settings (built CLI)', () => {
  const url = 'http://127.0.0.1:9/v1';

  it('ENGRAM_EMBEDDER_URL without ENGRAM_EMBED_MODEL: memory stats exits 2 naming ENGRAM_EMBED_MODEL', () => {
    const r = runCli(['memory', 'stats', ...roots()], { ENGRAM_EMBEDDER_URL: url, ENGRAM_EMBED_MODEL: '' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('ENGRAM_EMBED_MODEL');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('--embedder without --embed-model: the same refusal, for memory show', () => {
    const r = runCli(['--embedder', url, 'memory', 'show', ...roots()], { ENGRAM_EMBEDDER_URL: '', ENGRAM_EMBED_MODEL: '' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('ENGRAM_EMBED_MODEL');
  });

  it('an embedder URL that is not a URL exits 2 naming ENGRAM_EMBEDDER_URL', () => {
    const r = runCli(['memory', 'stats', ...roots()], { ENGRAM_EMBEDDER_URL: 'not a url', ENGRAM_EMBED_MODEL: 'nomic-embed-text' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('ENGRAM_EMBEDDER_URL');
  });
});
