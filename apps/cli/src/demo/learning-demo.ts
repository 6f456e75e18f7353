import { isTagged } from '@engram/kernel';
import type { Brain, DemoSession, DemoSetup } from '@engram/runtime';
import { exitCodeOf } from '../exit/exit-code-of.js';
import { engramCommand, shellWord } from '../output/engram-command.js';

export interface DemoOptions extends DemoSetup {
  readonly json?: boolean;
}

/**
 * `engram demo`: two real sessions, offline. Session 1 runs into trouble with a scripted policy
 * playing the model (a pad switch, a heavy cell killed twice, one failing open repeated three
 * times); engram learns from it. Session 2 starts with those lessons in its prompt and tool
 * descriptions, and the policy, which follows rules it is shown, avoids the same failures.
 */
export const learningDemo = async (options: DemoOptions): Promise<number> => {
  const { DEMO_TASK, demoText, openDemoBrain, runDemoSession } = await import('@engram/runtime');
  let brain: Brain;
  let home: string;
  let project: string;
  try {
    ({ brain, home, project } = await openDemoBrain(options));
  } catch (err) {
    // A bad setting, profile or store that cannot be opened: one line, the exit code from the tag (2 or 3).
    if (!isTagged(err)) throw err;
    process.stderr.write(`engram demo: ${err.message}\n`);
    return exitCodeOf(err);
  }
  const say = (line = '') => {
    if (!options.json) process.stdout.write(`${line}\n`);
  };
  say('engram demo: two sessions of an agent (a scripted policy plays the model; everything else is real)');
  say(`task: ${DEMO_TASK}`);
  const sessions: DemoSession[] = [];
  for (const n of [1, 2]) {
    const s = await runDemoSession(brain);
    sessions.push(s);
    for (const line of demoText.session(n, s)) say(line);
  }
  const [first, second] = sessions as [DemoSession, DemoSession];
  for (const line of demoText.outcome(first, second, home)) say(line);
  // Advice a person pastes: the engram this install runs, the demo's own home and project (the
  // chat loads the project's lessons only with --project), and the command that re-derives them.
  const engram = engramCommand();
  const where = `--home ${shellWord(home)} --project ${shellWord(project)}`;
  say(`Re-derive what session 1 learned from its log and check it matches: ${engram} replay --check ${shellWord(first.eventLog)}`);
  await brain.close();
  say();
  say('Next, talk to it with a real model, turn after turn, with the memory this demo built:');
  say(`  ANTHROPIC_API_KEY=... ${engram} chat ${where}`);
  say(`  (a local OpenAI-compatible server: OPENAI_BASE_URL=http://127.0.0.1:11434/v1 ${engram} chat --llm openai ${where}; a server with more than one model also needs --planning-model M --coding-model M; see docs/chat.md)`);
  if (options.json)
    process.stdout.write(`${JSON.stringify({ sessions: sessions.map(({ failures, lessonsLearned, eventLog }) => ({ failures, lessonsLearned, eventLog })), memoryHome: home, store: brain.store.kind })}\n`);
  return 0;
};
