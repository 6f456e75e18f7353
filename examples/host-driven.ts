/**
 * Embedding engram in a host that runs its own agent loop (host-driven mode).
 *
 * The host reports what its agent did; engram answers with mid-turn nudges and learns at the end
 * of the turn. Run it: `node --conditions=@engram/source --import tsx examples/host-driven.ts`
 * (or import `@engram/runtime` from the built package in a plain Node project).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBrain } from '@engram/runtime';

export const hostDrivenExample = async (home: string) => {
  const brain = createBrain({ home, project: join(home, 'my-project'), modes: { memory: 'autopilot', acc: 'active' } });
  const session = brain.session();
  session.events$.subscribe((e) => {
    if (e.type === 'acc.lesson.detected') console.log(`learned: ${e.data.rule}`);
  });

  session.startTurn('Publish the Q3 report');
  // The host's own loop: its model calls a tool that keeps failing the same way.
  const nudgesSeen: string[] = [];
  for (let round = 0; round < 2; round++) {
    const id = session.toolCalled({ name: 'publish', input: { target: 'reports/q3' } });
    session.toolResulted({ id, name: 'publish', ok: false, error: "Refusing to save record for engine='gmail-1'" });
    // After each round, the host asks for nudges and shows them to its model with the results.
    for (const n of session.endRound()) nudgesSeen.push(n.text);
  }
  const summary = session.endTurn('The publish tool refused twice; I stopped.');
  await session.settled(); // wait until the log (and memory) are durable
  await session.close();
  return { sessionId: session.id, eventLog: session.eventLog, nudges: nudgesSeen, lessons: summary.lessons };
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await hostDrivenExample(mkdtempSync(join(tmpdir(), 'engram-example-')));
  console.log(JSON.stringify(result, null, 2));
}
