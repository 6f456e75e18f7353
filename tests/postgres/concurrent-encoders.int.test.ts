import { openPostgres } from '@engram/store-postgres';
import { startTestPostgres } from '@engram/store-postgres/testing';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnTs } from '../support/ts-child.js';

const started = await startTestPostgres();
afterAll(() => (started.ok ? started.pg.stop() : undefined));

/** Issue 15's load: 16 processes x 500 lesson encodes into one tenant's global scope. */
const PROCESSES = 16;
const PER_PROCESS = 500;
/** A child still running after this is killed and the test fails (about 5x the time seen on a loaded 2-core machine). */
const CHILD_LIMIT_MS = 200_000;
const writer = join(import.meta.dirname, 'lesson-writer.ts');

const runWriter = (args: string[]): Promise<{ added: number; duplicate: number }> =>
  new Promise((resolve, reject) => {
    const child = spawnTs(writer, args, ['ignore', 'pipe', 'pipe']);
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_LIMIT_MS);
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(JSON.parse(out) as { added: number; duplicate: number });
      else reject(new Error(`writer ${args[2]} exited ${code ?? signal}: ${err}`));
    });
  });

describe.skipIf(!started.ok)(`PostgreSQL semantic memory under concurrent hosts${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  it(`${PROCESSES} processes x ${PER_PROCESS} lesson encodes: 0 lost, 0 duplicated`, { timeout: CHILD_LIMIT_MS + 20_000 }, async () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('concurrent_encoders');
    const tenant = 'team';
    // Migrate once up front, so the children measure encodes (they would also migrate once between them).
    await (await openPostgres({ url, tenant })).close();
    const counts = await Promise.all(Array.from({ length: PROCESSES }, (_, p) => runWriter([url, tenant, String(p), String(PER_PROCESS)])));
    const shared = Math.ceil(PER_PROCESS / 2);
    const expected = shared + PROCESSES * (PER_PROCESS - shared);
    // Every encode was answered, and exactly one encode of each text said "added".
    expect(counts.reduce((n, c) => n + c.added + c.duplicate, 0)).toBe(PROCESSES * PER_PROCESS);
    expect(counts.reduce((n, c) => n + c.added, 0)).toBe(expected);
    const db = await openPostgres({ url, tenant });
    try {
      const rows = await db.pool.query<{ text: string }>("SELECT text FROM engram_memory WHERE scope_key = 'global' AND file = 'lessons'");
      const texts = rows.rows.map((r) => r.text);
      expect(texts).toHaveLength(expected);
      expect(new Set(texts).size).toBe(expected);
      for (let p = 0; p < PROCESSES; p++) expect(texts).toContain(`lesson ${p}-${PER_PROCESS - 1}: retry the upload in chunks`);
      expect(texts).toContain(`shared lesson ${PER_PROCESS - 2}: back off on HTTP 429`);
    } finally {
      await db.close();
    }
  });
});
