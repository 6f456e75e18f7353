import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LlmConfigError, resolveLlmConfig } from '@engram/llm';
import { pingService, resolveHome } from '@engram/serve/client';
import { activeStore, openActivePostgres, type StoreFlags } from '../store/active-store.js';
import { doctorExit, meetsNode, type DoctorCheck } from './doctor-verdict.js';

/** engram's engines field (`>=20.19`): older Nodes lack APIs it uses. */
const MIN_NODE: readonly [number, number, number] = [20, 19, 0];
/** A resident service answers a ping at once; a slow answer on a loaded machine still counts. */
const PING_TIMEOUT_MS = 3_000;

interface DoctorOptions extends StoreFlags {
  readonly home?: string;
  readonly project?: string;
  readonly json?: boolean;
}

const nodeCheck = (): DoctorCheck =>
  meetsNode(process.versions.node, MIN_NODE)
    ? { name: 'node', status: 'ok', found: `Node ${process.versions.node}` }
    : { name: 'node', status: 'broken', found: `Node ${process.versions.node}`, fix: `install Node ${MIN_NODE.slice(0, 2).join('.')} or newer` };

/** Writes and removes a probe file: what every memory write needs. */
const homeCheck = (home: string): DoctorCheck => {
  const probe = join(home, `.doctor-${process.pid}`);
  try {
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(probe, 'probe', { mode: 0o600, flag: 'wx' });
    rmSync(probe);
    return { name: 'home', status: 'ok', found: `${home} is writable` };
  } catch (err) {
    return { name: 'home', status: 'broken', found: `${home} is not writable (${(err as NodeJS.ErrnoException).code ?? String(err)})`, fix: `make ${home} writable by you, or pass --home DIR / set ENGRAM_HOME to a folder you own` };
  }
};

const serviceCheck = async (home: string): Promise<DoctorCheck> => {
  const pong = await pingService(home, PING_TIMEOUT_MS).catch(() => null);
  return pong === null
    ? { name: 'service', status: 'note', found: `no engram serve answers for ${home}`, fix: 'nothing needed: `engram hook` starts it when a hook runs; `engram serve --home DIR` starts it now' }
    : { name: 'service', status: 'ok', found: `engram serve (pid ${pong.pid}) answers, ${pong.sessions} session(s) warm` };
};

const storeCheck = async (flags: StoreFlags): Promise<DoctorCheck> => {
  const active = activeStore(flags);
  if (active.kind === 'files') return { name: 'store', status: 'ok', found: 'the files (no ENGRAM_STORE set)' };
  if (active.kind === 'problem') return { name: 'store', status: 'broken', found: active.problem, fix: 'set ENGRAM_STORE to postgres://USER@HOST:PORT/DB, or unset it to use the files' };
  const opened = await openActivePostgres(active, false);
  if ('exit' in opened) return { name: 'store', status: 'broken', found: opened.message, fix: 'start the PostgreSQL server or correct ENGRAM_STORE; `engram store status` says more' };
  const where = opened.db.where;
  await opened.db.close();
  return { name: 'store', status: 'ok', found: `PostgreSQL at ${where} (tenant ${active.tenant})` };
};

/** The model is needed by `engram chat` and `run` only: memory, hooks and MCP work without one. */
const modelCheck = async (home: string, project: string): Promise<DoctorCheck> => {
  try {
    const c = await resolveLlmConfig({ env: process.env, projectDir: project, home });
    const models = c.models.planning === undefined ? '' : ` (planning ${c.models.planning}, coding ${c.models.coding ?? '?'})`;
    return { name: 'model', status: 'ok', found: `${c.provider.type}${models}, from ${c.sources.provider}` };
  } catch (err) {
    if (!(err instanceof LlmConfigError)) throw err;
    return { name: 'model', status: 'note', found: `not configured: ${err.message}`, fix: 'needed only by `engram chat` and `engram run`: set ANTHROPIC_API_KEY, or ENGRAM_LLM=openai with OPENAI_BASE_URL (docs/llm.md)' };
  }
};

/** engram has no embedding model setting: said so, so nobody looks for one. */
const embedderCheck = (): DoctorCheck => ({ name: 'embedder', status: 'ok', found: 'none configured: engram reads no embedding model setting (recall and advice rank by text); nothing to do' });

/**
 * `engram doctor [--json]`: checks a set-up (Node, the home folder, the resident service, the
 * store, the model, the embedder) and says what to fix. Exit 1 when something engram needs is
 * broken; notes (no model, no service running yet) leave it 0.
 */
export const runDoctor = async (options: DoctorOptions): Promise<number> => {
  const home = resolveHome(options.home, process.env, process.cwd());
  const project = resolve(options.project ?? process.cwd());
  const checks: DoctorCheck[] = [nodeCheck(), homeCheck(home), await serviceCheck(home), await storeCheck(options), await modelCheck(home, project), embedderCheck()];
  const exit = doctorExit(checks);
  if (options.json === true) process.stdout.write(`${JSON.stringify({ ok: exit === 0, home, project, checks })}\n`);
  else {
    const mark = { ok: 'ok    ', note: 'note  ', broken: 'BROKEN' } as const;
    for (const c of checks) process.stdout.write(`${mark[c.status]}  ${c.name.padEnd(8)}  ${c.found}${c.fix === undefined ? '' : `\n${' '.repeat(18)}fix: ${c.fix}`}\n`);
    process.stdout.write(exit === 0 ? 'engram is ready.\n' : 'engram cannot work until the BROKEN lines are fixed.\n');
  }
  return exit;
};
