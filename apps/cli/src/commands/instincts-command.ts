import type { CommandSpec } from './command-spec.js';
import { JSON_OUT, STORES, opt } from './shared-options.js';

interface Flags {
  home?: string;
  project?: string;
  scope?: string;
  now?: string;
  json?: boolean;
  store?: string;
  tenant?: string;
}

const COMMON = [
  opt('--home <dir>', 'global root (default $ENGRAM_HOME or ~/.engram); its events/ are read'),
  opt('--project <dir>', 'project folder (default the current folder); its .engram/events/ are read'),
  opt('--scope <scope>', 'which instincts/ folder to use: project (default) or global'),
  opt('--now <iso>', 'analyse as of this time instead of now (replays, what-ifs)'),
  JSON_OUT,
  ...STORES,
];
const loop = () => import('../instincts/run-instincts.js');

/** `engram instincts ...`: the basal-ganglia habit loop over the event logs (seed 003's learning loop). */
export const instinctsCommand: CommandSpec = {
  name: 'instincts',
  description: 'habits learned across sessions: 3-tool chains, error-retry pairs and recoveries, scored, promoted into generated rules, decayed and archived',
  commands: [
    { name: 'analyze', description: 'score the 7-day window of tool calls, track instincts at 50% or more, archive decayed ones', options: COMMON, run: async (o: Flags) => (await loop()).runLoop('analyze', o) },
    { name: 'promote', description: 'analyze, then promote instincts at 90% with 5 observations over 2 sessions into instincts/generated-rules.md', options: COMMON, run: async (o: Flags) => (await loop()).runLoop('promote', o) },
    { name: 'archive', description: 're-score tracked instincts and archive decayed or stale ones; with an id, archive that one', args: [['[id]', 'instinct id']], options: COMMON,
      run: async (o: Flags, id: string | undefined) => (await loop()).runLoop('archive', id === undefined ? o : { ...o, id }) },
    { name: 'list', description: 'tracked instincts, strongest first', options: [opt('--all', 'include archived instincts'), ...COMMON], run: async (o: Flags & { all?: boolean }) => (await loop()).runList(o) },
    { name: 'show', description: 'one instinct and its file', args: [['<id>', 'instinct id']], options: COMMON, run: async (o: Flags, id: string) => (await loop()).runShow(id, o) },
  ],
};
