import { LLM_OPTIONS, llmFlagsOf, type LlmOptionValues } from '../llm/llm-options.js';
import type { CommandSpec } from './command-spec.js';
import { ROOTS, ROUND_CAP, STORES, opt } from './shared-options.js';

/** `engram chat`: a conversation in the terminal (a pipe works too, line by line), run by @engram/chat. */
export const chatCommand: CommandSpec = {
  name: 'chat',
  description: "talk to the configured model in a terminal, turn after turn, with engram's memory and learning (a pipe is read line by line)",
  options: [
    ...ROOTS,
    opt('--resume <session-id>', 'carry on an earlier chat session from its event log'),
    opt('--mode <mode>', 'copilot (ask before saving memories, after each answer) or autopilot (env ENGRAM_MEMORY_MODE)'),
    ROUND_CAP,
    ...STORES,
    ...LLM_OPTIONS,
  ],
  helpAfter:
    '\nIn the chat: /memory, /skills, /why TEXT, /forget SUBJECT, /help, /exit. Ctrl-C cancels the running turn; Ctrl-C twice at an empty prompt, Ctrl-D or /exit leaves.\nExit codes: 0 left normally; 1 the session could not be stored, or (input not a terminal) a turn failed; 2 usage or configuration error; 3 the store cannot be reached, or (input not a terminal) the model could not be.',
  run: async (o: LlmOptionValues & { project?: string; home?: string; resume?: string; mode?: string; roundCap?: number; store?: string; tenant?: string }) => {
    const { llm: _llm, planningModel: _p, codingModel: _c, record: _r, timeout: _t, ...rest } = o;
    const [{ runChat }, { engramCommand }, { exitCodeOf }] = await Promise.all([import('@engram/chat'), import('../output/engram-command.js'), import('../exit/exit-code-of.js')]);
    // The slash commands print what these commands print: the chat borrows them.
    return runChat({ ...rest, llm: llmFlagsOf(o) }, {
      engram: engramCommand(),
      showMemory: async (roots, io) => (await import('../memory/run-memory-show.js')).runMemoryShow(roots, io),
      listSkills: async (roots, io) => (await import('../skills/run-skills-list.js')).runSkillsList(roots, io),
      explain: async (text, roots, io) => (await import('../memory/run-memory-why.js')).runMemoryWhy(text, roots, io),
      previewForget: async (subject, roots, io) => (await import('../memory/run-memory-forget.js')).runMemoryForget(subject, roots, io),
      exitCodeOf,
    });
  },
};
