import { createRequire } from 'node:module';
import { mayHoldUserInfo, wordAt } from './hit-context.js';
import { REDACTED_PREFIX } from './redaction-marker.js';
import type { SecretDetector, SecretSpan } from './secret-span.js';

/**
 * Runs the rules of secretlint's recommended preset (a maintained, widely used ruleset: AWS,
 * GitHub, GitLab, Slack, Stripe, OpenAI, Anthropic, npm, database URLs, ...) synchronously, so
 * the pure kernel and the bus can use them where data enters. `@secretlint/core` is async and
 * file-oriented; the rules themselves are plain functions over a source (`create(context)`
 * returns `{ file(source) }` and reports ranges through `context.report`), so this drives them
 * with a minimal context. Filters (secretlint-disable comments) are not run: a comment must not
 * let a secret into memory. Rules that only look at files by extension (GCP `.p12`/`.json`) see
 * no extension and stay silent.
 *
 * The preset is loaded on first use, not at import: every hook process imports the kernel, most
 * texts hold no keyword of a preset rule, and loading the bundle costs about 15 ms. It is loaded
 * synchronously (`require` of an ES module, Node >= 20.19), since scrubbing is synchronous.
 */

interface Report {
  readonly range: readonly [number, number];
  readonly message?: { readonly props?: Readonly<Record<string, unknown>> } | undefined;
}

interface RuleSource {
  readonly content: string;
  readonly filePath: string;
  readonly ext: string;
  readonly contentType: 'text';
}

interface RuleCreator {
  readonly meta: { readonly id: string; readonly type?: string };
  readonly create: (context: RuleContext, options: Record<string, unknown>) => { readonly file?: (source: RuleSource) => unknown };
}

interface RuleContext {
  readonly report: (descriptor: { readonly range: readonly [number, number]; readonly message: unknown }) => void;
  readonly createTranslator: (messages: unknown) => (id: string, props?: Record<string, unknown>) => unknown;
  readonly ignore: () => void;
  readonly registerRule: () => void;
  readonly sharedOptions: Record<string, unknown>;
}

const PREFIX = '@secretlint/secretlint-rule-';
/** secretlint-disable comments: declared a scanner, but it only silences other rules' reports. */
const FILTER_COMMENTS = `${PREFIX}filter-comments`;

/** Options per rule: the AWS rule scans key ids too (engram always redacted them). */
const RULE_OPTIONS: Readonly<Record<string, Record<string, unknown>>> = { [`${PREFIX}aws`]: { enableIDScanRule: true } };

/** Where the rules report while one scan runs; scans are synchronous, so one sink serves all. */
let sink: Report[] = [];
const context: RuleContext = {
  report: (d) => sink.push({ range: d.range, message: d.message as Report['message'] }),
  createTranslator: () => (_id, props) => ({ props }),
  ignore: () => undefined,
  registerRule: () => undefined,
  sharedOptions: {},
};

const PRESET = '@secretlint/secretlint-rule-preset-recommend';

/** The preset's scanner rules by id, each created once, on first use. */
let scanners: ReadonlyMap<string, { readonly file?: (source: RuleSource) => unknown }> | undefined;
const loadScanners = (): NonNullable<typeof scanners> => {
  const preset = createRequire(import.meta.url)(PRESET) as { readonly rules: readonly RuleCreator[] };
  return new Map(
    preset.rules
      .filter((r) => (r.meta.type ?? 'scanner') === 'scanner' && r.meta.id !== FILTER_COMMENTS)
      .map((r) => [r.meta.id, r.create(context, RULE_OPTIONS[r.meta.id] ?? {})] as const),
  );
};

/**
 * The secret inside a report: some rules report the whole match (`AWS_SECRET_ACCESS_KEY=...`)
 * with the secret in the message's props; prefer the prop's exact position within the range.
 */
const spanOf = (content: string, report: Report, kind: string): SecretSpan => {
  const [start, end] = report.range;
  for (const v of Object.values(report.message?.props ?? {})) {
    if (typeof v !== 'string' || v.length < 8) continue;
    const at = content.indexOf(v, Math.max(0, start - v.length));
    if (at !== -1 && at <= end) return { start: at, end: at + v.length, kind };
  }
  return { start, end, kind };
};

const runRule = (id: string, text: string): SecretSpan[] => {
  scanners ??= loadScanners();
  const handler = scanners.get(id);
  if (handler?.file === undefined) return [];
  sink = [];
  try {
    handler.file({ content: text, filePath: '', ext: '', contentType: 'text' });
    const kind = id.startsWith(PREFIX) ? id.slice(PREFIX.length) : id;
    // A report over an existing marker (a database URL whose password is already redacted) adds nothing.
    return sink.map((r) => spanOf(text, r, kind)).filter((s) => !text.slice(s.start, s.end).includes(REDACTED_PREFIX));
  } finally {
    sink = [];
  }
};

/** Lower-case keywords per rule (gitleaks-style): every secret the rule finds contains one. */
export const SECRETLINT_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  aws: ['secret_access', 'secretaccess', 'secret-access', 'akia', 'agpa', 'aida', 'aroa', 'aipa', 'anpa', 'anva', 'asia', 'a3t', 'account'],
  gcp: ['private_key'],
  privatekey: ['private key'],
  npm: ['npm_', '_authtoken', 'x-oauth-basic'],
  basicauth: ['://'],
  slack: ['xox', 'xapp', 'hooks.slack.com'],
  sendgrid: ['sg.'],
  shopify: ['shpat_', 'shpca_', 'shppa_', 'shpss_'],
  stripe: ['sk_', 'rk_', 'pk_', 'whsec_'],
  github: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
  gitlab: ['glpat-', 'gldt-', 'glrt-', 'glptt-', 'glcbt-', 'glimt-', 'glagent-', 'gloas-', 'glsoat-', 'glft-', 'glffct-'],
  grafana: ['glc_', 'glsa_', 'eyj'],
  openai: ['sk-', 't3blbkfj'],
  anthropic: ['sk-ant-'],
  groq: ['gsk_'],
  huggingface: ['hf_', 'api_org_'],
  linear: ['lin_api_', 'lin_oauth_'],
  notion: ['secret_', 'ntn_'],
  '1password': ['ops_'],
  'database-connection-string': ['://'],
  'hashicorp-vault': ['hvs.', 'hvb.', 'hvr.'],
  vercel: ['vercel', 'vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'],
  databricks: ['dapi'],
  docker: ['dckr_'],
  figma: ['figd_', 'figo_', 'figu_', 'figr_'],
  cloudflare: ['cloudflare', 'cf_', 'cfut_', 'cfk_', 'cfat_'],
  tailscale: ['tskey-'],
};

/** Rules that report only credentials in a URL's user info, so only a window with an `@` can hold a match. */
const REQUIRES: Readonly<Record<string, readonly string[]>> = { basicauth: ['@'], 'database-connection-string': ['@'] };

type MayFireAt = NonNullable<SecretDetector['mayFireAt']>;

/**
 * Proofs of silence for the rules whose keywords ordinary output holds (`://`, `github.com`,
 * `secret`, `task-`, `account`), read off the preset's patterns (13.x); a rule not listed runs
 * wherever its keywords are. Each is checked against the rule by the scrubber's property tests
 * (same output with and without the proofs, on every corpus secret in random context).
 */
const MAY_FIRE_AT: Readonly<Record<string, MayFireAt>> = {
  // Both report only a URL with a password, whose user info (no blank, no `/`) ends in `@`.
  basicauth: mayHoldUserInfo,
  'database-connection-string': mayHoldUserInfo,
  // Tokens start `ghp_` ... `ghr_` or `github_pat_`: `github` alone is a host name.
  github: (text, at, keyword) => keyword !== 'github' || wordAt(text, at, 'github_pat_'),
  // Only `ntn_` tokens: the legacy `secret_` prefix is deliberately not detected upstream.
  notion: (_text, _at, keyword) => keyword !== 'secret',
  // Both token patterns hold `T3BlbkFJ`, itself a keyword: an `sk-` hit alone proves nothing.
  openai: (_text, _at, keyword) => keyword !== 'sk-',
  // `SECRET_?ACCESS_?KEY`, `ACCOUNT_?ID`, or a key id (its own keywords).
  aws: (text, at, keyword) => {
    if (keyword === 'secret') return wordAt(text, at + 6, 'access') || wordAt(text, at + 7, 'access');
    if (keyword === 'accoun') return wordAt(text, at, 'account');
    return true;
  },
  privatekey: (text, at) => text.startsWith('PRIVATE KEY', at),
};

/**
 * Rule ids of the preset's scanners, named by the keyword table so the preset need not be loaded
 * to know them; a test checks the table names every scanner rule the preset has, so a rule the
 * dependency adds cannot go unused.
 */
export const SECRETLINT_RULE_IDS: readonly string[] = Object.keys(SECRETLINT_KEYWORDS).map((short) => `${PREFIX}${short}`);

/** One detector per preset rule, triggered by that rule's keywords. */
export const secretlintDetectors: readonly SecretDetector[] = SECRETLINT_RULE_IDS.map((id) => {
  const short = id.slice(PREFIX.length);
  const requires = REQUIRES[short];
  const mayFireAt = MAY_FIRE_AT[short];
  return {
    name: `secretlint:${short}`,
    keywords: SECRETLINT_KEYWORDS[short] ?? [],
    ...(requires === undefined ? {} : { requires }),
    ...(mayFireAt === undefined ? {} : { mayFireAt }),
    scope: 'line',
    detect: (text: string) => runRule(id, text),
  };
});
