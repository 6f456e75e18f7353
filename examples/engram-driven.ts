/**
 * Letting engram run the whole turn (engram-driven mode): prompt assembly with memory, LLM rounds,
 * real scratchpads, nudges and end-of-turn learning. Here the model is a recorded cassette, so
 * it runs offline; in real use pass provider settings instead, e.g.
 * `llm: { options: { provider: { type: 'anthropic', apiKey }, models: { planning, coding } } }`
 * (or resolve them from flags, environment and config with `resolveLlmConfig` from @engram/llm).
 *
 * Run it: `node --conditions=@engram/source --import tsx examples/engram-driven.ts`
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBrain } from '@engram/runtime';

const CASSETTE = fileURLToPath(new URL('../tests/fixtures/run/answer-42.cassette.json', import.meta.url));

export const engramDrivenExample = async (home: string) => {
  const brain = createBrain({
    home,
    project: join(home, 'my-project'),
    modes: { memory: 'autopilot', acc: 'active' },
    llm: { options: { provider: { type: 'scripted', file: CASSETTE } } },
  });
  const session = brain.session();
  const texts: string[] = [];
  session.events$.subscribe((e) => {
    if (e.type === 'scratchpad.cell.executed') texts.push(e.data.stdout.trim());
  });
  const result = await session.turn('What is 6 times 7?');
  await session.settled(); // end-of-turn learning stored, the log durable
  await session.close();
  return { answer: result.answer, stopReason: result.stopReason, cellOutputs: texts, eventLog: session.eventLog };
};

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await engramDrivenExample(mkdtempSync(join(tmpdir(), 'engram-example-'))), null, 2));
}
