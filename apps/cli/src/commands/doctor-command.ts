import type { Command } from 'commander';

/** `engram doctor`: is this set-up ready, and what to fix. */
export const registerDoctor = (program: Command): void => {
  program
    .command('doctor')
    .description('check the set-up (Node version, home writable, service reachable, store reachable, model configured, embedder) and say what to fix; exit 1 when something needed is broken')
    .option('--home <dir>', 'the global engram folder (default: $ENGRAM_HOME or ~/.engram)')
    .option('--project <dir>', 'the project folder (default: the current directory)')
    .option('--store <url>', 'the PostgreSQL store, postgres://USER@HOST:PORT/DB (env ENGRAM_STORE; default: the files)')
    .option('--tenant <name>', 'the tenant (env ENGRAM_TENANT; default "default")')
    .option('--json', 'print one JSON object')
    .action(async (opts: { home?: string; project?: string; store?: string; tenant?: string; json?: boolean }) => {
      process.exitCode = await (await import('../doctor/run-doctor.js')).runDoctor(opts);
    });
};
