import type { Command } from 'commander';
import { numberOption } from './number-option.js';
import { addLlmOptions, llmFlagsOf, type LlmOptionValues } from '../llm/llm-options.js';

/** A round cap beyond a thousand is a typo: a turn that long is a runaway. */
const roundCap = numberOption({ kind: 'integer', min: 1, max: 1_000 });

/** `engram chat`: a conversation in the terminal (a pipe works too, line by line), run by @engram/chat. */
export const registerChat = (program: Command): void => {
  const chat = program
    .command('chat')
    .description('talk to the configured model in a terminal, turn after turn, with engram\'s memory and learning (a pipe is read line by line)')
    .option('--project <dir>', 'the project folder (default: the current directory)')
    .option('--home <dir>', 'the global engram folder (default: $ENGRAM_HOME or ~/.engram)')
    .option('--resume <session-id>', 'carry on an earlier chat session from its event log')
    .option('--mode <mode>', 'copilot (ask before saving memories, after each answer) or autopilot (env ENGRAM_MEMORY_MODE)')
    .option('--round-cap <n>', 'the most tool rounds a turn may take', roundCap)
    .option('--store <url>', 'keep everything in PostgreSQL, postgres://USER@HOST:PORT/DB (env ENGRAM_STORE; exit 3 unreachable)')
    .option('--tenant <name>', 'whose memory in the store (env ENGRAM_TENANT, default "default")')
    .addHelpText(
      'after',
      '\nIn the chat: /memory, /skills, /why TEXT, /forget SUBJECT, /help, /exit. Ctrl-C cancels the running turn; Ctrl-C twice at an empty prompt, Ctrl-D or /exit leaves.\nExit codes: 0 left normally; 1 the session could not be stored, or (input not a terminal) a turn failed; 2 usage or configuration error; 3 the store cannot be reached, or (input not a terminal) the model could not be.',
    );
  addLlmOptions(chat).action(async (opts: LlmOptionValues & { project?: string; home?: string; resume?: string; mode?: string; roundCap?: number; store?: string; tenant?: string }) => {
    const { llm: _llm, planningModel: _p, codingModel: _c, record: _r, timeout: _t, ...rest } = opts;
    const [{ runChat }, { engramCommand }] = await Promise.all([import('@engram/chat'), import('../output/engram-command.js')]);
    // The slash commands print what these commands print: the chat borrows them.
    process.exitCode = await runChat({ ...rest, llm: llmFlagsOf(opts) }, {
      engram: engramCommand(),
      showMemory: async (roots, io) => (await import('../memory/run-memory-show.js')).runMemoryShow(roots, io),
      listSkills: async (roots, io) => (await import('../skills/run-skills-list.js')).runSkillsList(roots, io),
      explain: async (text, roots, io) => (await import('../memory/run-memory-why.js')).runMemoryWhy(text, roots, io),
      previewForget: async (subject, roots, io) => (await import('../memory/run-memory-forget.js')).runMemoryForget(subject, roots, io),
    });
  });
};
