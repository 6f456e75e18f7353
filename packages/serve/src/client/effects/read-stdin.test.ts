import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStdin } from './read-stdin.js';

const dir = mkdtempSync(join(tmpdir(), 'engram-read-stdin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Reads `text` through readStdin from a file descriptor, as a hook whose stdin is a file would. */
const through = async (text: string): Promise<string> => {
  const file = join(dir, `payload-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, text);
  const fd = openSync(file, 'r');
  try {
    return await readStdin(fd);
  } finally {
    closeSync(fd);
  }
};

describe('readStdin', () => {
  it('reads the whole payload, over several reads, as UTF-8', async () => {
    const big = JSON.stringify({ tool_response: { stdout: 'é✓ line\n'.repeat(30_000) } });
    expect(Buffer.byteLength(big)).toBeGreaterThan(3 * 64 * 1024);
    expect(await through(big)).toBe(big);
  });

  it('reads an empty stdin as an empty string', async () => {
    expect(await through('')).toBe('');
  });
});
