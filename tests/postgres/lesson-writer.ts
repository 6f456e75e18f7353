/**
 * A child process for the concurrent-encoders test: one host encoding lessons one call at a
 * time, as separate sessions would. Even-numbered lessons are shared by every process (they race
 * for the same text), odd ones are its own. Prints `{ added, duplicate }` as JSON.
 * Usage: lesson-writer.ts URL TENANT PROC COUNT
 */
import { openPostgres, PostgresSemanticStore } from '@engram/store-postgres';

const [url = '', tenant = '', proc = '0', count = '0'] = process.argv.slice(2);
const db = await openPostgres({ url, tenant, poolSize: 2 });
const store = new PostgresSemanticStore({ db, scope: 'global' });
const counts = { added: 0, duplicate: 0 };
for (let i = 0; i < Number(count); i++) {
  const text = i % 2 === 0 ? `shared lesson ${i}: back off on HTTP 429` : `lesson ${proc}-${i}: retry the upload in chunks`;
  const [r] = await store.encode([{ text, kind: 'lesson', topic: 'load' }]);
  if (r?.outcome === 'added') counts.added++;
  else if (r?.outcome === 'duplicate') counts.duplicate++;
  else throw new Error(`lesson ${i}: unexpected outcome ${r?.outcome}`);
}
store.close();
await db.close();
process.stdout.write(`${JSON.stringify(counts)}\n`);
