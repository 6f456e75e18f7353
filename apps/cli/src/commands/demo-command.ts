import type { Command } from 'commander';

/** `engram demo`: what `npm start` runs. */
export const registerDemo = (program: Command): void => {
  program
    .command('demo')
    .description('run the offline demo: two real sessions, the first runs into trouble and engram learns from it, the second avoids the same failures')
    .option('--home <dir>', 'where to keep the demo home folder (default: a new temporary folder, kept and printed)')
    .option('--json', 'print one JSON object')
    .option('--acc-profile <file>', 'detector thresholds from a profile (engram sim --save-profile)')
    .option('--store <url>', 'keep everything in PostgreSQL, postgres://USER@HOST:PORT/DB (env ENGRAM_STORE; exit 2 bad setting, 3 unreachable)')
    .option('--tenant <name>', 'whose memory in the store (env ENGRAM_TENANT, default "default")')
    .action(async (opts: { home?: string; json?: boolean; accProfile?: string; store?: string; tenant?: string }) => {
      process.exitCode = await (await import('../demo/learning-demo.js')).learningDemo(opts);
    });
};
