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

  // A fallback chain: ways of doing one job, tried in order; engram records which one worked.
  session.registerFallback<string, string>('decode', [
    { name: 'utf-8', run: (hex) => new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(hex, 'hex')) },
    { name: 'latin-1', run: (hex) => new TextDecoder('latin1').decode(Buffer.from(hex, 'hex')) },
  ]);

  session.startTurn('Publish the Q3 report');
  // The host's own loop: its model calls a tool that keeps failing the same way.
  const nudgesSeen: string[] = [];
  const verdicts: string[] = [];
  for (let round = 0; round < 3; round++) {
    const input = { target: 'reports/q3' };
    const id = session.toolCalled({ name: 'publish', input });
    // Before running it: the circuit breaker's verdict and the advice learned for this call.
    const { verdict, advice } = await session.preCall(id, 'publish', input);
    verdicts.push(verdict.action);
    if (advice !== '') console.log(advice);
    if (verdict.action === 'block') session.toolResulted({ id, name: 'publish', ok: false, error: verdict.explanation });
    else session.toolResulted({ id, name: 'publish', ok: false, error: "Refusing to save record for engine='gmail-1'" });
    // After each round, the host asks for nudges and shows them to its model with the results.
    for (const n of session.endRound()) nudgesSeen.push(n.text);
  }
  const decoded = await session.runFallback<string, string>('decode', '4dfc6c6c6572'); // "Müller" in Latin-1
  session.endRound();
  const summary = session.endTurn('The publish tool refused; I stopped.');
  await session.settled(); // wait until the log (and memory) are durable
  await session.close();
  return {
    sessionId: session.id,
    eventLog: session.eventLog,
    nudges: nudgesSeen,
    verdicts,
    decoded: decoded.ok ? { value: decoded.value, worked: decoded.worked } : null,
    lessons: summary.lessons,
  };
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await hostDrivenExample(mkdtempSync(join(tmpdir(), 'engram-example-')));
  console.log(JSON.stringify(result, null, 2));
}
