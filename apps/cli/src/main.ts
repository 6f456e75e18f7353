import { createRequire } from 'node:module';
import { Command, CommanderError } from 'commander';
import { checkEngramEnv } from '@engram/kernel/env';
import { exitCodeOf } from './exit/exit-code-of.js';
import { addCommands, type CommandSpec } from './commands/command-spec.js';
import { benchCommand } from './commands/bench-command.js';
import { chatCommand } from './commands/chat-command.js';
import { demoCommand } from './commands/demo-command.js';
import { doctorCommand } from './commands/doctor-command.js';
import { logCommand } from './commands/log-command.js';
import { llmCommand } from './commands/llm-command.js';
import { memoryCommand } from './commands/memory-command.js';
import { instinctsCommand } from './commands/instincts-command.js';
import { skillsCommand } from './commands/skills-command.js';
import { recallCommand } from './commands/recall-command.js';
import { replayCommand } from './commands/replay-command.js';
import { runCommand } from './commands/run-command.js';
import { simCommand } from './commands/sim-command.js';
import { storeCommand } from './commands/store-command.js';
import { hookCommand } from './hook/hook-command.js';
import { mcpCommand } from './commands/mcp-command.js';
import { serveCommand } from './commands/serve-command.js';
import { viewCommand } from './commands/view-command.js';
import { quietOnClosedOutput } from './output/quiet-on-closed-output.js';

/** The installed package's version: `engram --version` names the code that runs, so it is read, never written twice. */
const packageVersion = (): string => (createRequire(import.meta.url)('../package.json') as { version: string }).version;

/** The commands in the order `engram --help` lists them. */
const COMMANDS: readonly CommandSpec[] = [demoCommand, runCommand, chatCommand, logCommand, llmCommand, memoryCommand, recallCommand, skillsCommand, instinctsCommand, replayCommand, simCommand, hookCommand, storeCommand, mcpCommand, serveCommand, viewCommand, benchCommand, doctorCommand];

/**
 * The `engram` command. The command table (commands/) says each command's options; its
 * handler imports the implementation only when it runs, so start-up stays fast (hooks start the CLI per tool call).
 */
export const buildProgram = (): Command => {
  const program = new Command('engram')
    .description('engram: a brain-inspired memory for LLM agents that learns from its own mistakes.')
    .version(packageVersion())
    .showHelpAfterError()
    .exitOverride()
    // Any command, anywhere on the line: it becomes ENGRAM_ALLOW_UNISOLATED=1 for this process and
    // whatever it starts (hooks hand their environment to the service), read where a store opens.
    .option('--allow-unisolated', 'accept a PostgreSQL role that bypasses row-level security (a superuser); said on stderr (env ENGRAM_ALLOW_UNISOLATED=1)')
    // Meaning beside words (off by default): like --allow-unisolated, they become the variables every brain this process opens reads.
    .option('--embedder <url>', 'rank recall and the memory block by meaning too: an OpenAI-compatible embeddings server, e.g. http://127.0.0.1:11434/v1 (env ENGRAM_EMBEDDER_URL; key in ENGRAM_EMBEDDER_KEY)')
    .option('--embed-model <name>', 'the embedding model (env ENGRAM_EMBED_MODEL)')
    .hook('preAction', (root) => {
      const o = root.opts<{ allowUnisolated?: boolean; embedder?: string; embedModel?: string }>();
      if (o.allowUnisolated === true) process.env.ENGRAM_ALLOW_UNISOLATED = '1';
      if (o.embedder !== undefined) process.env.ENGRAM_EMBEDDER_URL = o.embedder;
      if (o.embedModel !== undefined) process.env.ENGRAM_EMBED_MODEL = o.embedModel;
    });
  addCommands(program, COMMANDS);
  return program;
};

/** Runs the CLI and resolves to the exit code (0 ok, 1 the command failed, 2 usage error). */
export const run = async (argv: readonly string[]): Promise<number> => {
  const program = buildProgram();
  // A reader that leaves early (`| head`) ends the command quietly, never with an EPIPE stack trace.
  quietOnClosedOutput();
  try {
    // Every enum-like ENGRAM_* variable is checked before any command reads it: a typo is exit 2,
    // never a silent default. Not for hooks: exit 2 from a hook blocks Claude's tool call, so a
    // hook warns and fails open instead (runHook).
    if (argv[0] !== 'hook') checkEngramEnv(process.env);
    await program.parseAsync([...argv], { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return 0;
      return 2;
    }
    process.stderr.write(`engram: ${err instanceof Error ? err.message : String(err)}\n`);
    return exitCodeOf(err);
  }
};
