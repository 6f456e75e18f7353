import type { AnyEnvelope } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import { subjectMatcher } from '@engram/kernel';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../testing/effects/start-test-postgres.js';
import { openPostgres } from './open-postgres.js';
import { appendEvents, readEvents } from './postgres-event-log.js';
import { redactEvents } from './redact-events.js';

const started = await startTestPostgres();
afterAll(() => (started.ok ? started.pg.stop() : undefined));
const S = '20261124_101500_rd01';

describe.skipIf(!started.ok)(`redactEvents on PostgreSQL${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  it('reports the changed seqs in log order (numbers, not text: 2 before 10), previews without writing, and records the redaction', async () => {
    if (!started.ok) return;
    const db = await openPostgres({ url: started.pg.createDatabase('redact_events'), tenant: 'acme' });
    try {
      const events: AnyEnvelope[] = Array.from({ length: 12 }, (_, i) => ({ ...buildEvent('executive.turn.started', { message: `ask Zorblax about item ${i}` }, { sessionId: S }), id: `rd-${i}` }));
      await appendEvents(db, S, events);
      const preview = await redactEvents(db, subjectMatcher('zorblax'), { marker: '[FORGOTTEN]', apply: false });
      expect(preview.map((r) => r.seqs)).toEqual([Array.from({ length: 12 }, (_, i) => i + 1)]);
      expect(JSON.stringify(await readEvents(db, S))).toContain('Zorblax');
      await redactEvents(db, subjectMatcher('zorblax'), { marker: '[FORGOTTEN]', apply: true });
      const after = await readEvents(db, S);
      expect(JSON.stringify(after)).not.toMatch(/zorblax/i);
      expect(after.at(-1)).toMatchObject({ type: 'store.log.redacted', data: { seqs: Array.from({ length: 12 }, (_, i) => i + 1) } });
    } finally {
      await db.close();
    }
  });

  it('finds a subject that JSON escapes (quotes, a backslash, a line break between its words) and no more', async () => {
    if (!started.ok) return;
    const db = await openPostgres({ url: started.pg.createDatabase('redact_escaped'), tenant: 'acme' });
    const session = '20261124_101500_rd02';
    try {
      const messages = ['copy to "D:\\Backups"\nnightly', 'copy to D:\\Backups nightly', 'say "D:\\backups" NIGHTLY'];
      await appendEvents(db, session, messages.map((message, i) => ({ ...buildEvent('executive.turn.started', { message }, { sessionId: session }), id: `re-${i}` })));
      const matcher = subjectMatcher('"d:\\backups" nightly');
      const preview = await redactEvents(db, matcher, { marker: '[FORGOTTEN]', apply: false });
      expect(preview.map((r) => [r.seqs, r.occurrences])).toEqual([[[1, 3], 2]]);
      await redactEvents(db, matcher, { marker: '[FORGOTTEN]', apply: true });
      expect((await readEvents(db, session)).slice(0, 3).map((e) => (e.data as { message: string }).message)).toEqual(['copy to [FORGOTTEN]', messages[1], 'say [FORGOTTEN]']);
    } finally {
      await db.close();
    }
  });
});
