import type { Command } from 'commander';

interface CommonFlags {
  home?: string;
  project?: string;
  scope?: string;
  now?: string;
  json?: boolean;
  store?: string;
  tenant?: string;
}

const common = (c: Command): Command =>
  c
    .option('--home <dir>', 'global root (default $ENGRAM_HOME or ~/.engram); its events/ are read')
    .option('--project <dir>', 'project folder (default the current folder); its .engram/events/ are read')
    .option('--scope <scope>', 'which instincts/ folder to use: project (default) or global')
    .option('--now <iso>', 'analyse as of this time instead of now (replays, what-ifs)')
    .option('--json', 'print one JSON object')
    .option('--store <url>', 'the PostgreSQL store whose session logs and instincts are used, postgres://USER@HOST:PORT/DB (env ENGRAM_STORE; default: the files)')
    .option('--tenant <name>', 'the tenant (env ENGRAM_TENANT; default "default")');

/** `engram instincts ...`: the basal-ganglia habit loop over the event logs (seed 003's learning loop). */
export const registerInstincts = (program: Command): void => {
  const instincts = program
    .command('instincts')
    .description('habits learned across sessions: 3-tool chains, error-retry pairs and recoveries, scored, promoted into generated rules, decayed and archived');
  common(instincts.command('analyze').description('score the 7-day window of tool calls, track instincts at 50% or more, archive decayed ones')).action(
    async (opts: CommonFlags) => {
      process.exitCode = await (await import('../instincts/run-instincts.js')).runLoop('analyze', opts);
    },
  );
  common(instincts.command('promote').description('analyze, then promote instincts at 90% with 5 observations over 2 sessions into instincts/generated-rules.md')).action(
    async (opts: CommonFlags) => {
      process.exitCode = await (await import('../instincts/run-instincts.js')).runLoop('promote', opts);
    },
  );
  common(instincts.command('archive').description('re-score tracked instincts and archive decayed or stale ones; with an id, archive that one').argument('[id]', 'instinct id')).action(
    async (id: string | undefined, opts: CommonFlags) => {
      process.exitCode = await (await import('../instincts/run-instincts.js')).runLoop('archive', id === undefined ? opts : { ...opts, id });
    },
  );
  common(instincts.command('list').description('tracked instincts, strongest first').option('--all', 'include archived instincts')).action(
    async (opts: CommonFlags & { all?: boolean }) => {
      process.exitCode = await (await import('../instincts/run-instincts.js')).runList(opts);
    },
  );
  common(instincts.command('show').description('one instinct and its file').argument('<id>', 'instinct id')).action(async (id: string, opts: CommonFlags) => {
    process.exitCode = await (await import('../instincts/run-instincts.js')).runShow(id, opts);
  });
};
