import type { CommandSpec } from './command-spec.js';
import { JSON_OUT, STORES, opt } from './shared-options.js';

/** `engram demo`: what `npm start` runs. */
export const demoCommand: CommandSpec = {
  name: 'demo',
  description: 'run the offline demo: two real sessions, the first runs into trouble and engram learns from it, the second avoids the same failures',
  options: [opt('--home <dir>', 'where to keep the demo home folder (default: a new temporary folder, kept and printed)'), JSON_OUT, opt('--acc-profile <file>', 'detector thresholds from a profile (engram sim --save-profile)'), ...STORES],
  run: async (o: { home?: string; json?: boolean; accProfile?: string; store?: string; tenant?: string }) => (await import('../demo/learning-demo.js')).learningDemo(o),
};
