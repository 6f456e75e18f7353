import { engramPaths, readTextContained } from '@engram/fs';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { LlmConfigError } from './llm-config-error.js';
import type { LlmModels } from './llm-types.js';
import { onlyServedModel } from './only-served-model.js';
import type { ProviderConfig } from './provider-config.js';

/** What a command line can say (`--llm`, `--planning-model`, `--coding-model`, `--record`, `--timeout`). */
export interface LlmFlags {
  readonly llm?: string;
  readonly planningModel?: string;
  readonly codingModel?: string;
  readonly record?: string;
  readonly timeoutMs?: number;
}

export interface ResolveLlmConfigInput {
  readonly flags?: LlmFlags;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The project folder (its `.engram/config.json` is read); default: the working directory. */
  readonly projectDir?: string;
  /** The global root; default `$ENGRAM_HOME`, else `~/.engram`. */
  readonly home?: string;
  /** Where relative flag and env paths start; default: the working directory. */
  readonly cwd?: string;
  /**
   * An openai provider given no model: ask the server's `/models` and use its only model (a
   * local server usually serves one). Off by default: only a command a person runs asks a server.
   */
  readonly askServerForModel?: boolean;
  /** Told what was chosen for the user (`engram` prints it on stderr). */
  readonly onNote?: (text: string) => void;
}

/** Where a setting came from, so `engram llm check` can say why it is what it is. */
export type SettingSource = 'flag' | 'env' | 'project' | 'global' | 'default' | 'cassette' | 'server';

export interface ResolvedLlmConfig {
  readonly provider: ProviderConfig;
  /** Missing only for a scripted provider (the cassette's recorded models then apply). */
  readonly models: Partial<LlmModels>;
  readonly record?: string;
  readonly timeoutMs?: number;
  readonly maxRetries?: number;
  readonly sources: {
    readonly provider: SettingSource;
    readonly planningModel: SettingSource;
    readonly codingModel: SettingSource;
  };
}

export const DEFAULT_ANTHROPIC_MODELS: LlmModels = {
  planning: 'claude-sonnet-5-5',
  coding: 'claude-haiku-5-5',
};
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** The `llm` section of a config.json; other sections belong to other packages. */
const LlmSectionSchema = z
  .object({
    provider: z.string().optional(),
    planningModel: z.string().min(1).optional(),
    codingModel: z.string().min(1).optional(),
    anthropic: z.object({ baseUrl: z.url().optional() }).strict().optional(),
    openai: z
      .object({
        baseUrl: z.url().optional(),
        /** The name of the environment variable holding the key (never the key itself). */
        apiKeyEnv: z.string().optional(),
        structuredMode: z.enum(['tool', 'json_schema']).optional(),
      })
      .strict()
      .optional(),
    timeoutMs: z.number().int().positive().optional(),
    maxRetries: z.number().int().nonnegative().optional(),
  })
  .strict();
type LlmSection = z.infer<typeof LlmSectionSchema>;

interface ConfigLayer {
  readonly source: 'project' | 'global';
  readonly dir: string;
  readonly section: LlmSection;
}

const hasKeyField = (u: unknown): boolean =>
  typeof u === 'object' && u !== null && Object.entries(u).some(([k, v]) => /^(api_?key|key|token)$/i.test(k) || hasKeyField(v));

/** Reads `file` under the trusted folder `root` without following a link (a cloned project's config.json could be one). */
const readSection = (file: string, source: ConfigLayer['source'], dir: string, root: string): Promise<ConfigLayer | undefined> => {
  let text: string | null;
  try {
    text = readTextContained(root, file);
  } catch (err) {
    return Promise.reject(new LlmConfigError({ reason: 'bad-file', message: err instanceof Error ? err.message : String(err) }));
  }
  if (text === null) return Promise.resolve(undefined);
  try {
    return Promise.resolve(parseSection(text, file, source, dir));
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
};

const parseSection = (text: string, file: string, source: ConfigLayer['source'], dir: string): ConfigLayer | undefined => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new LlmConfigError({ reason: 'bad-file', message: `${file}: not JSON (${err instanceof Error ? err.message : String(err)})` });
  }
  const llm = typeof json === 'object' && json !== null ? (json as Record<string, unknown>)['llm'] : undefined;
  if (llm === undefined) return undefined;
  if (hasKeyField(llm)) {
    throw new LlmConfigError({ reason: 'bad-file', message: `${file}: llm: API keys do not belong in config files; set ANTHROPIC_API_KEY or OPENAI_API_KEY, or name a variable with llm.openai.apiKeyEnv` });
  }
  const parsed = LlmSectionSchema.safeParse(llm);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = ['llm', ...(issue?.path ?? []).map(String)].join('.');
    throw new LlmConfigError({ reason: 'bad-file', message: `${file}: ${where}: ${issue?.message ?? 'invalid'}` });
  }
  return { source, dir, section: parsed.data };
};

const pick = <T>(candidates: readonly (readonly [SettingSource, T | undefined])[]): readonly [SettingSource, T] | undefined => {
  for (const [source, value] of candidates) if (value !== undefined && value !== '') return [source, value];
  return undefined;
};

/** The whole `--llm` vocabulary, for error messages. */
const PROVIDER_SPECS = 'anthropic, openai or scripted:FILE';

/**
 * Settings resolve flags > environment > project `.engram/config.json` > global
 * `$ENGRAM_HOME/config.json` > defaults, each setting on its own. Keys come from the
 * environment only. Throws `LlmConfigError` (a usage error) when the result cannot work.
 */
export const resolveLlmConfig = async (input: ResolveLlmConfigInput = {}): Promise<ResolvedLlmConfig> => {
  const flags = input.flags ?? {};
  const env = input.env ?? process.env;
  const cwd = input.cwd ?? process.cwd();
  const projectDir = resolve(cwd, input.projectDir ?? '.');
  const paths = engramPaths({ home: input.home, project: projectDir, cwd }, env);
  const home = paths.home;
  const layers = (
    await Promise.all([
      readSection(paths.projectConfigFile ?? '', 'project', projectDir, projectDir),
      readSection(paths.globalConfigFile, 'global', home, home),
    ])
  ).filter((l): l is ConfigLayer => l !== undefined);
  const fromFiles = <T>(get: (s: LlmSection) => T | undefined): (readonly [SettingSource, T | undefined])[] =>
    layers.map((l) => [l.source, get(l.section)] as const);
  const dirOf = (source: SettingSource): string => layers.find((l) => l.source === source)?.dir ?? cwd;

  const spec =
    pick<string>([['flag', flags.llm], ['env', env['ENGRAM_LLM']], ...fromFiles((s) => s.provider)]) ?? (['default', 'anthropic'] as const);
  const [providerSource, providerSpec] = spec;
  const planning = pick<string>([
    ['flag', flags.planningModel],
    ['env', env['ENGRAM_PLANNING_MODEL']],
    ...fromFiles((s) => s.planningModel),
  ]);
  const coding = pick<string>([['flag', flags.codingModel], ['env', env['ENGRAM_CODING_MODEL']], ...fromFiles((s) => s.codingModel)]);
  const timeoutMs = flags.timeoutMs ?? pick(fromFiles((s) => s.timeoutMs))?.[1];
  const maxRetries = pick(fromFiles((s) => s.maxRetries))?.[1];
  const common = {
    ...(flags.record === undefined ? {} : { record: resolve(cwd, flags.record) }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(maxRetries === undefined ? {} : { maxRetries }),
  };

  let provider: ProviderConfig;
  let defaults: Partial<LlmModels> = {};
  if (providerSpec === 'anthropic') {
    const apiKey = env['ANTHROPIC_API_KEY'];
    if (apiKey === undefined || apiKey === '')
      throw new LlmConfigError({ reason: 'missing-key', message: 'the anthropic provider needs ANTHROPIC_API_KEY in the environment' });
    const baseUrl = pick<string>([['env', env['ANTHROPIC_BASE_URL']], ...fromFiles((s) => s.anthropic?.baseUrl)])?.[1];
    provider = {
      type: 'anthropic',
      apiKey,
      ...(baseUrl === undefined ? {} : { baseUrl }),
    };
    defaults = DEFAULT_ANTHROPIC_MODELS;
  } else if (providerSpec === 'openai') {
    const baseUrl = pick<string>([['env', env['OPENAI_BASE_URL']], ...fromFiles((s) => s.openai?.baseUrl)])?.[1] ?? DEFAULT_OPENAI_BASE_URL;
    const keyEnv = pick(fromFiles((s) => s.openai?.apiKeyEnv))?.[1] ?? 'OPENAI_API_KEY';
    const apiKey = env[keyEnv];
    const structuredMode = pick(fromFiles((s) => s.openai?.structuredMode))?.[1];
    provider = {
      type: 'openai',
      baseUrl,
      ...(apiKey === undefined || apiKey === '' ? {} : { apiKey }),
      ...(structuredMode === undefined ? {} : { structuredMode }),
    };
  } else if (providerSpec.startsWith('scripted:') && providerSpec.length > 'scripted:'.length) {
    const path = providerSpec.slice('scripted:'.length);
    provider = {
      type: 'scripted',
      file: isAbsolute(path) ? path : resolve(dirOf(providerSource), path),
    };
  } else {
    const where =
      providerSource === 'flag' ? '--llm' : providerSource === 'env' ? 'ENGRAM_LLM' : `llm.provider in the ${providerSource} config.json`;
    throw new LlmConfigError({ reason: 'unknown-provider', message: `${where}: unknown provider ${JSON.stringify(providerSpec)} (expected ${PROVIDER_SPECS})` });
  }
  if (provider.type === 'scripted' && common.record !== undefined) {
    throw new LlmConfigError({ reason: 'bad-combination', message: '--record wraps a real provider (anthropic or openai), not a scripted one' });
  }
  let models: Partial<LlmModels> = {
    ...(planning !== undefined ? { planning: planning[1] } : defaults.planning !== undefined ? { planning: defaults.planning } : {}),
    ...(coding !== undefined ? { coding: coding[1] } : defaults.coding !== undefined ? { coding: defaults.coding } : {}),
  };
  let served: string | undefined;
  if (provider.type === 'openai' && (models.planning === undefined || models.coding === undefined)) {
    const asked = input.askServerForModel === true ? await onlyServedModel(provider.baseUrl, provider.apiKey) : undefined;
    if (asked === undefined || 'problem' in asked) {
      throw new LlmConfigError({ reason: 'missing-model', message: `the openai provider needs both models${asked === undefined ? '' : ` (${asked.problem})`}: pass --planning-model and --coding-model, set ENGRAM_PLANNING_MODEL and ENGRAM_CODING_MODEL, or set llm.planningModel and llm.codingModel in config.json` });
    }
    served = asked.model;
    input.onNote?.(`using ${served}, the only model ${provider.baseUrl} serves, for ${[models.planning === undefined ? 'planning' : '', models.coding === undefined ? 'coding' : ''].filter((w) => w !== '').join(' and ')}`);
    models = { planning: models.planning ?? served, coding: models.coding ?? served };
  }
  const modelSource = (p: readonly [SettingSource, string] | undefined): SettingSource =>
    p?.[0] ?? (provider.type === 'scripted' ? 'cassette' : served !== undefined ? 'server' : 'default');
  return {
    provider,
    models,
    ...common,
    sources: {
      provider: providerSource,
      planningModel: modelSource(planning),
      codingModel: modelSource(coding),
    },
  };
};
