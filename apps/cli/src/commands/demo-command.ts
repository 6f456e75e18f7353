import type { Command } from 'commander';

/** `engram demo`: what `npm start` runs. */
export const registerDemo = (program: Command): void => {
  program
    .command('demo')
    .description('run the offline demo (today: the event backbone end to end; the learning story arrives with issue 6)')
    .option('--home <dir>', 'where to keep the demo home folder (default: a new temporary folder, kept and printed)')
    .option('--json', 'print one JSON object')
    .action(async (opts: { home?: string; json?: boolean }) => {
      process.exitCode = await (await import('../demo/backbone-demo.js')).backboneDemo(opts);
    });
};
