import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmbedderSettingError, embedderFromEnv } from '@engram/hippocampus';
import { meetsNode, type DoctorCheck } from '../doctor-verdict.js';
import type { MemoryFlags } from '../open/open-active-brain.js';
import { openActivePostgres } from '../open/open-active-postgres.js';
import { StoreSettingError, storeSettings } from '../store-settings.js';

/** engram's engines field (`>=20.19`): older Nodes lack APIs it uses. */
const MIN_NODE: readonly [number, number, number] = [20, 19, 0];

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

const storeCheck = async (flags: MemoryFlags, env: NodeJS.ProcessEnv): Promise<DoctorCheck> => {
  let active;
  try {
    active = storeSettings(flags, env);
  } catch (err) {
    if (!(err instanceof StoreSettingError)) throw err;
    return { name: 'store', status: 'broken', found: err.message, fix: 'set ENGRAM_STORE to postgres://USER@HOST:PORT/DB, or unset it to use the files' };
  }
  if (active === null) return { name: 'store', status: 'ok', found: 'the files (no ENGRAM_STORE set)' };
  const opened = await openActivePostgres(active, false);
  if ('error' in opened) return { name: 'store', status: 'broken', found: opened.error.message, fix: 'start the PostgreSQL server or correct ENGRAM_STORE; `engram store status` says more' };
  const where = opened.db.where;
  await opened.db.close();
  return { name: 'store', status: 'ok', found: `PostgreSQL at ${where} (tenant ${active.tenant})` };
};

/** The model is needed by `engram chat` and `run` only: memory, hooks and MCP work without one. */
const modelCheck = async (home: string, project: string, env: NodeJS.ProcessEnv): Promise<DoctorCheck> => {
  // Loaded only now: the runtime's index must not load the model stack (a host without a model never does).
  const { LlmConfigError, resolveLlmConfig } = await import('@engram/llm');
  try {
    const c = await resolveLlmConfig({ env, projectDir: project, home });
    const models = c.models.planning === undefined ? '' : ` (planning ${c.models.planning}, coding ${c.models.coding ?? '?'})`;
    return { name: 'model', status: 'ok', found: `${c.provider.type}${models}, from ${c.sources.provider}` };
  } catch (err) {
    if (!(err instanceof LlmConfigError)) throw err;
    return { name: 'model', status: 'note', found: `not configured: ${err.message}`, fix: 'needed only by `engram chat` and `engram run`: set ANTHROPIC_API_KEY, or ENGRAM_LLM=openai with OPENAI_BASE_URL (docs/llm.md)' };
  }
};

/**
 * The embedder (ENGRAM_EMBEDDER_URL and ENGRAM_EMBED_MODEL, or --embedder and --embed-model): none
 * is fine (recall ranks by words); a configured one must answer one text with a vector, whose
 * dimension is said. A setting half given, or a server that does not answer, is broken: every
 * write would be stored without a vector and every recall would fall back to words.
 */
const embedderCheck = async (env: NodeJS.ProcessEnv): Promise<DoctorCheck> => {
  let embedder;
  try {
    embedder = embedderFromEnv(env);
  } catch (err) {
    if (!(err instanceof EmbedderSettingError)) throw err;
    return { name: 'embedder', status: 'broken', found: err.message, fix: 'set both ENGRAM_EMBEDDER_URL and ENGRAM_EMBED_MODEL (or --embedder URL --embed-model NAME), or neither' };
  }
  if (embedder === null)
    return { name: 'embedder', status: 'ok', found: 'none configured: recall, the memory block and advice rank by words (lexical)' };
  try {
    const [v] = await embedder.embed(['engram doctor']);
    return { name: 'embedder', status: 'ok', found: `model ${embedder.model} at ${embedder.location} answers, dimension ${v?.length ?? 0}: ranking is lexical+embeddings` };
  } catch (err) {
    return {
      name: 'embedder',
      status: 'broken',
      found: `model ${embedder.model} at ${embedder.location} does not answer: ${(err as Error).message}`,
      fix: 'start the embeddings server (e.g. `ollama serve` and `ollama pull MODEL`), check the URL and model name (and ENGRAM_EMBEDDER_KEY for a hosted API), or unset ENGRAM_EMBEDDER_URL to rank by words only',
    };
  }
};

/**
 * The checks of `engram doctor`, in the order it prints them: Node, the home folder, the resident
 * service (`service`: the host's own check, since the service sits above the runtime), the store,
 * the model, the embedder.
 */
export const setupChecks = async (at: { readonly home: string; readonly project: string; readonly flags: MemoryFlags }, service: () => Promise<DoctorCheck>, env: NodeJS.ProcessEnv = process.env): Promise<DoctorCheck[]> => [
  nodeCheck(),
  homeCheck(at.home),
  await service(),
  await storeCheck(at.flags, env),
  await modelCheck(at.home, at.project, env),
  await embedderCheck(env),
];
