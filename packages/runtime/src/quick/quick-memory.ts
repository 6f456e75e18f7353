import { buildMemoryContext, buildScratchpadPrimer, DEFAULT_CONTEXT_BUDGETS } from '@engram/cortex';
import { engramPaths } from '@engram/fs';
import { describeDiagnostic, systemClock, type EngramScope, type SemanticSnapshot } from '@engram/kernel';
import { checkEngramEnv } from '@engram/kernel/env';
import { memoryContextJson, memoryContextText } from '../memory-context-text.js';
import { memoryShowText } from '../memory-show-text.js';
import { parseScope, scopesOf } from '../memory-usage.js';
import { fileSemanticStores } from '../open/file-memory-stores.js';
import { quickMemoryArgs, type QuickMemoryArgs } from './quick-memory-args.js';

/** What a quick command prints and its exit code. */
export interface QuickAnswer {
  readonly out: string;
  readonly err: string;
  readonly code: number;
}

/** Whether every enum-like `ENGRAM_*` variable (the memory mode among them) holds a value the full CLI takes: it refuses any command otherwise. */
const choicesAccepted = (env: NodeJS.ProcessEnv): boolean => {
  try {
    checkEngramEnv(env);
    return true;
  } catch {
    return false;
  }
};

/**
 * Whether the full CLI would read the files with nothing else to do: no PostgreSQL store and no
 * embedder set, and settings it accepts. Anything else is the full CLI's to do or to refuse.
 */
const filesOnly = (env: NodeJS.ProcessEnv): boolean => (env['ENGRAM_STORE'] ?? '') === '' && (env['ENGRAM_EMBEDDER_URL'] ?? '') === '' && choicesAccepted(env);

const show = async (args: QuickMemoryArgs, env: NodeJS.ProcessEnv, cwd: string): Promise<QuickAnswer | null> => {
  const scopes = scopesOf(parseScope(args.scope));
  const paths = engramPaths({ home: args.home, project: args.project ?? cwd }, env);
  const stores = fileSemanticStores(paths, systemClock);
  const result: Record<string, unknown> = {};
  const shown: { scope: EngramScope; where: string; snap: SemanticSnapshot }[] = [];
  for (const scope of scopes) {
    const store = stores[scope];
    if (store === null) return null;
    const snap = await store.read();
    result[scope] = { dir: paths.memoryDir(scope), ...snap };
    shown.push({ scope, where: paths.memoryDir(scope), snap });
  }
  return { out: args.json ? `${JSON.stringify(result)}\n` : memoryShowText(shown), err: '', code: 0 };
};

const context = async (args: QuickMemoryArgs, env: NodeJS.ProcessEnv, cwd: string): Promise<QuickAnswer | null> => {
  const paths = engramPaths({ home: args.home, project: args.project ?? cwd }, env);
  const stores = fileSemanticStores(paths, systemClock);
  if (stores.project === null) return null;
  const global = await stores.global.read();
  const project = await stores.project.read();
  const block = buildMemoryContext({ global, project, message: args.message ?? '', budgets: DEFAULT_CONTEXT_BUDGETS });
  const primer = buildScratchpadPrimer(global, project, DEFAULT_CONTEXT_BUDGETS.primer);
  const err = [...global.diagnostics, ...project.diagnostics].map((d) => `engram memory context: note: ${describeDiagnostic(d)}\n`).join('');
  return { out: args.json ? memoryContextJson(block, primer) : memoryContextText(block, primer), err, code: 0 };
};

/**
 * `engram memory show|list|context` on the files, without the runtime, the store selection, the
 * cortex or zod: the same stores, pure functions and texts the full commands use
 * (`runMemoryShow`, `runMemoryContext`), wired for a start within ~1.5x `node -e 0`
 * (docs/cli-startup.md). Null when the command line or the settings are anything but that case
 * (a store, an embedder, help, a flag it does not know, an error): the full CLI then runs it, so
 * what a user sees never depends on which path answered.
 */
export const quickMemory = async (argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): Promise<QuickAnswer | null> => {
  const args = quickMemoryArgs(argv);
  if (args === null || !filesOnly(env)) return null;
  try {
    return args.command === 'context' ? await context(args, env, cwd) : await show(args, env, cwd);
  } catch {
    return null;
  }
};
