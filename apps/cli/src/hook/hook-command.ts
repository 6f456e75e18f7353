import { HOOK_EVENTS, HOOK_NAMES, type HookName } from '@engram/claude-code/names';
import type { CommandSpec } from '../commands/command-spec.js';
import { opt } from '../commands/shared-options.js';
import type { HookCommandFlags } from './run-hook.js';

const WHAT: Readonly<Record<HookName, string>> = {
  'session-start': 'open or resume the session; print the memory block, promoted habits and tool primers',
  'user-prompt-submit': 'start a turn with the prompt; print the memory block again when it changed',
  'pre-tool-use': 'report the call; the circuit breaker warns or denies; apply a fallback step that worked',
  'post-tool-use': 'record the result and end the round; print self-checks and the next fallback step',
  stop: 'end the turn and run end-of-turn learning',
};

const FLAGS = [
  opt('--project <dir>', 'project folder (default $CLAUDE_PROJECT_DIR, else the payload cwd)'),
  opt('--home <dir>', 'global root (default $ENGRAM_HOME or ~/.engram)'),
  opt('--store <url>', 'PostgreSQL store (default $ENGRAM_STORE; without either, the files)'),
  opt('--tenant <name>', 'tenant in the store (default $ENGRAM_TENANT, else "default")'),
];

/**
 * `engram hook <name>`: Claude Code hook adapters (docs/hooks.md). The implementation loads only
 * when a hook runs. Usage errors exit 1, never 2: for PreToolUse, exit 2 means "block the tool",
 * and a misconfigured hook must not block the user's agent.
 */
export const hookCommand: CommandSpec = {
  name: 'hook',
  description: "Claude Code hook adapters: read the hook's JSON on stdin, record it in the session's event log, print what the model should see (docs/hooks.md). Exit 0 whatever the payload (problems go to stderr, fail open); a usage error exits 1, never 2.",
  configure: (hook) =>
    hook.exitOverride((err) => {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.help' || err.code === 'commander.version') throw err;
      throw new Error(`hook: ${err.message.replace(/^error: /, '')}`);
    }),
  commands: HOOK_NAMES.map((name) => ({ name, description: `${HOOK_EVENTS[name].join(' / ')}: ${WHAT[name]}`, options: FLAGS, run: async (o: HookCommandFlags) => (await import('./run-hook.js')).runHookCommand(name, o) })),
};
