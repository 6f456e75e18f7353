import { containsSecret } from '@engram/kernel';

/**
 * The environment a pad's child process gets. Code the model writes runs there, so it must not
 * find the host's API keys: only an allow-list of harmless variables is inherited, and any
 * variable whose name looks like a credential is dropped even if it was allowed or passed
 * explicitly, as is any variable whose value looks like a secret (the kernel's scrubber
 * patterns: `sk-ant-...`, `ghp_...`, `AKIA...`, bearer tokens ...).
 */

/** Inherited as-is (when not dropped below): what interpreters, locales and temp files need. */
export const ENV_ALLOW_LIST: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TERM',
  'TMPDIR',
  'TMP',
  'TEMP',
  'PYTHONPATH',
  'VIRTUAL_ENV',
  'CONDA_PREFIX',
  'NODE_PATH',
  'SYSTEMROOT',
  'COMSPEC',
];

/** Inherited by prefix: locale categories. */
export const ENV_ALLOW_PREFIXES: readonly string[] = ['LC_'];

/** A name matching any of these is never passed to a pad, whatever the allow-list or caller says. */
export const SECRET_ENV_PATTERNS: readonly RegExp[] = [
  /KEY$/i,
  /_KEYS?_/i,
  /TOKEN/i,
  /SECRET/i,
  /PASSWORD/i,
  /PASSWD/i,
  /PASSPHRASE/i,
  /CREDENTIAL/i,
  /(^|_)AUTH/i,
  /COOKIE/i,
  /PRIVATE/i,
  /^ANTHROPIC_/i,
  /^OPENAI_/i,
  /^AWS_/i,
  /^AZURE_/i,
  /^GITHUB_/i,
  /^GH_/i,
  /^GITLAB_/i,
  /^GOOGLE_/i,
  /^GCP_/i,
  /^HF_/i,
  /^HUGGING/i,
  /^NPM_CONFIG_/i,
  /^ENGRAM_/i,
];

/** True when a variable name looks like it holds a credential. */
export const looksLikeSecretEnvName = (name: string): boolean => SECRET_ENV_PATTERNS.some((p) => p.test(name));

const allowed = (name: string): boolean => ENV_ALLOW_LIST.includes(name) || ENV_ALLOW_PREFIXES.some((p) => name.startsWith(p));

/** True when a variable must not reach a pad: a credential-like name, or a value that looks like a secret. */
export const isSecretEnvEntry = (name: string, value: string): boolean => looksLikeSecretEnvName(name) || containsSecret(value);

const keep = (name: string, value: string | undefined): value is string => value !== undefined && !isSecretEnvEntry(name, value);

/**
 * Builds a pad's environment from the host's (`inherited`, usually `process.env`) and the
 * caller's `extra` variables (which bypass the allow-list but not the secret checks).
 */
export const scrubChildEnv = (
  inherited: Readonly<Record<string, string | undefined>>,
  extra: Readonly<Record<string, string | undefined>> = {},
): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(inherited)) if (allowed(name) && keep(name, value)) env[name] = value;
  for (const [name, value] of Object.entries(extra)) if (keep(name, value)) env[name] = value;
  return env;
};
