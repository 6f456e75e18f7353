import { hasConfusable, hasHiddenCharacters } from './normalize-for-screening.js';

/** The stable id of a quarantine pattern, as events, the quarantine file and the docs name it. */
export type QuarantineReasonId =
  | 'quarantine.instruction-override'
  | 'quarantine.agent-directed'
  | 'quarantine.remote-code'
  | 'quarantine.shell-pipeline'
  | 'quarantine.destructive-command'
  | 'quarantine.exfiltration'
  | 'quarantine.secret-disclosure'
  | 'quarantine.permission-change'
  | 'quarantine.url'
  | 'quarantine.encoded-blob'
  | 'quarantine.hidden-characters'
  | 'quarantine.homoglyph';

/**
 * One named pattern. `raw` patterns read the text as given (invisible characters, scripts);
 * the others read `normalizeForScreening`'s form. A `negatable` pattern does not fire when the
 * clause forbids the act ("Never chmod 777 the data folder" is a rule, not an order).
 */
export interface QuarantinePattern {
  readonly id: QuarantineReasonId;
  /** One line: why text like this must not reach the prompt unseen. */
  readonly reason: string;
  /** Where in the normalized text it matched (every match), or whether it matched at all. */
  readonly test: (normalized: string, raw: string) => readonly number[] | boolean;
  readonly negatable?: boolean;
}

const re = (source: string): RegExp => new RegExp(source, 'u');
const find = (pattern: RegExp) => {
  const all = new RegExp(pattern.source, 'gu');
  return (s: string): number[] => Array.from(s.matchAll(all), (m) => m.index);
};

/** Minimum length of a base64 run treated as an encoded payload: shorter runs are ids and hashes. */
const MIN_BASE64_RUN = 40;
/** Minimum length of a hex run: a sha256 digest (64) is the longest honest one a lesson quotes. */
const MIN_HEX_RUN = 65;
/** Bits per character above which a base64-alphabet run is random data, not a word or a path (identifiers score about 3.5 to 4). */
const MIN_BLOB_ENTROPY = 4.3;

const entropy = (s: string): number => {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
};

const BASE64_RUN = new RegExp(`[A-Za-z0-9+/_-]{${MIN_BASE64_RUN},}={0,2}`, 'g');
const looksEncoded = (raw: string): boolean => {
  for (const m of raw.matchAll(BASE64_RUN)) {
    const run = m[0];
    const slashes = (run.match(/\//g) ?? []).length;
    if (slashes / run.length > 0.08) continue; // a path, not a payload
    if (/[A-Z]/.test(run) && /[a-z]/.test(run) && /\d/.test(run) && entropy(run) >= MIN_BLOB_ENTROPY) return true;
  }
  return new RegExp(`\\b[0-9a-fA-F]{${MIN_HEX_RUN},}\\b`).test(raw) || /(\\x[0-9a-f]{2}){8,}/i.test(raw) || /(%[0-9a-f]{2}){8,}/i.test(raw) || /(\\u[0-9a-f]{4}){6,}/i.test(raw);
};

/** Hosts that can only be the user's own machine or a documentation placeholder (RFC 2606, RFC 6761): no one else can be reached through them. */
const LOCAL_HOST = /^(localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1\]|([a-z0-9-]+\.)*(example\.(com|org|net)|localhost|test|invalid|example))(:\d+)?$/;
const URL_PATTERN = /\b(?:(?:https?|ftp|wss?|file|data|javascript):\/\/?|www\.)([^\s/"'<>)\]]*)/giu;
const foreignUrl = (normalized: string): boolean => {
  for (const m of normalized.matchAll(URL_PATTERN)) {
    const scheme = m[0].toLowerCase();
    if (scheme.startsWith('data:') || scheme.startsWith('javascript:') || scheme.startsWith('file:')) return true;
    const host = (m[1] ?? '').replace(/^[^@]*@/, '');
    if (!LOCAL_HOST.test(host)) return true;
  }
  return false;
};

const hasMixedScriptWord = (raw: string): boolean =>
  raw
    .normalize('NFKC')
    .split(/[^\p{L}]+/u)
    .some((w) => /[a-zA-Z]/.test(w) && hasConfusable(w));

const SHELLS = '(?:sh|bash|zsh|dash|ksh|fish|sudo(?: -\\S+)*(?: \\S*sh)?|python[0-9.]*|node|perl|ruby|php|iex|powershell|pwsh|source)';

/**
 * The patterns, in the order reasons are reported. Each is narrow on purpose: the corpus
 * (tests/quarantine) holds honest lessons that mention commands, paths and secrets in passing,
 * and at most 5% of them may be held.
 */
export const QUARANTINE_PATTERNS: readonly QuarantinePattern[] = [
  {
    id: 'quarantine.instruction-override',
    reason: 'tells the agent to ignore, forget or replace its instructions, or poses as a system message',
    test: find(
      re(
        [
          "\\b(ignore|disregard|forget|override|overrule|bypass|skip|drop|abandon|discard)\\b[^.!?\\n]{0,40}\\b(previous|prior|above|earlier|preceding|original|system|all|any|your|the|existing|safety|developer)\\b[^.!?\\n]{0,30}\\b(instructions?|prompts?|rules|directions|directives|guidelines|guardrails|policies|messages|context|constraints)\\b",
          '\\b(new|updated|real|true|actual|hidden|secret) (system )?(instructions?|directives?|prompt)\\s*:',
          // "you are now" only as a change of role or rules ("you are now DAN", "... in developer mode"), not "where you are now".
          '(?<!\\b(where|what|how|who|how far|that) )\\byou are now (an? |the |my |no longer\\b|free\\b|unrestricted|unfiltered|jailbroken|dan\\b|in \\w+ mode|acting\\b|going to (act|ignore|pretend|be)|allowed|permitted|able to|authori[sz]ed|(\\w+)bot\\b)|\\bfrom now on,? (you|the assistant|the agent) (must|will|should|are|shall)\\b',
          '\\b(act|behave|respond) as (an? )?(unrestricted|unfiltered|jailbroken|different|new)\\b|\\bdeveloper mode\\b|\\bjailbreak|\\bdo anything now\\b|\\bdan mode\\b',
          '<\\|?(im_start|im_end|system|endoftext)\\|?>|\\[/?(system|inst|sys)\\]|<<sys>>|</?system>|^#{1,3} ?(system|instruction)s?\\b|\\bbegin (system|hidden) (prompt|instructions?)\\b|\\bsystem prompt\\s*:',
          '\\b(this|these) (instructions?|rules?) (supersede|override|replace|take precedence)',
          '\\b(do not|don\'t|never) (tell|inform|alert|notify|mention (this )?to) the user\\b|\\bwithout (telling|informing|alerting|asking) the user\\b',
        ].join('|'),
      ),
    ),
  },
  {
    id: 'quarantine.agent-directed',
    reason: 'speaks to the AI reading it rather than recording what was learned (a hidden instruction in quoted content)',
    test: find(
      re(
        [
          '\\b(note|message|instructions?|attention|important|notice|reminder) (to|for) (the |any |all )?(ai|llm|assistant|agent|language model|model|bot|claude|chatgpt|copilot)s?\\b',
          '\\bif you are an? (ai|llm|assistant|agent|language model|model|bot)\\b',
          '\\b(ai|llm|assistant|agent|language model|model)s? (reading|processing|parsing|summari[sz]ing|seeing) this\\b',
          '\\b(any|all) (ai|llm|assistant|agent|language model)s? (must|should|shall|are required|are instructed)\\b',
        ].join('|'),
      ),
    ),
  },
  {
    id: 'quarantine.remote-code',
    reason: 'fetches code from elsewhere and runs it',
    test: find(
      re(
        [
          `\\b(curl|wget|fetch|iwr|invoke-webrequest|irm|invoke-restmethod)\\b[^|\\n]{0,200}\\|\\s*${SHELLS}\\b`,
          '\\b(bash|sh|zsh|source)\\s*<\\(\\s*(curl|wget)',
          '\\$\\(\\s*(curl|wget)\\b',
          '\\b(invoke-expression|iex)\\s*\\(?\\s*\\(?\\s*(new-object|iwr|irm|invoke-webrequest|invoke-restmethod|\\[system\\.text)',
          '\\b(powershell|pwsh)(\\.exe)? [^\\n]{0,40}-(e|enc|encodedcommand)\\b',
          '\\beval\\s*\\(\\s*(atob|base64|buffer\\.from|decode|unescape|fetch|require\\(.child_process)',
          '\\bexec\\s*\\(\\s*(base64|requests\\.get|urllib|urlopen|compile\\(|__import__)',
          '\\b(download|fetch|pull|grab|retrieve)\\b[^.!?\\n]{0,60}\\b(and|then|&&)\\s+(run|execute|exec|source|eval|install)\\b',
          '\\bbase64 (-d|--decode|-D)\\b[^\\n]{0,40}\\|\\s*' + SHELLS,
          '\\b(pip|pip3|npm|pnpm|yarn|gem) (install|add|i) (-\\S+ )*(git\\+)?(https?|ftp):',
        ].join('|'),
      ),
    ),
  },
  {
    id: 'quarantine.shell-pipeline',
    reason: 'pipes text into a shell or an interpreter, which runs whatever arrives',
    test: find(re(`\\|\\s*${SHELLS}(\\s+-\\S*)*\\s*($|[;&)\`'"]|\\s-c\\b)`)),
  },
  {
    id: 'quarantine.destructive-command',
    reason: 'asks for a command that destroys data or the machine (rm -rf /, mkfs, dd onto a disk, a fork bomb)',
    negatable: true,
    test: find(
      re(
        [
          '\\brm\\s+(-[a-z]*r[a-z]*f[a-z]*|-[a-z]*f[a-z]*r[a-z]*|--recursive --force|--force --recursive)\\s+(--no-preserve-root\\s+)?(/|~|\\$home|\\*|\\.\\.|/\\*|~/\\*?)(\\s|$|;)',
          '\\bmkfs(\\.\\w+)?\\s+/dev/',
          '\\bdd\\s+[^\\n]{0,40}of=/dev/(sd|nvme|hd|disk)',
          ':\\(\\)\\s*\\{\\s*:\\s*\\|\\s*:\\s*&\\s*\\}\\s*;\\s*:',
          '\\bgit push (-f|--force)\\b[^\\n]{0,30}\\b(main|master)\\b',
          '\\bdrop (database|table|schema)\\b[^\\n]{0,40}\\b(production|prod)\\b',
        ].join('|'),
      ),
    ),
  },
  {
    id: 'quarantine.exfiltration',
    reason: 'sends data somewhere outside the machine (a server, a webhook, an address)',
    test: find(
      re(
        [
          '\\b(send|post|upload|forward|exfiltrate|transmit|email|mail|leak|beam|copy|sync|report|submit)\\b[^!?\\n]{0,80}\\b(to|into|at)\\s+(https?://|ftp://|www\\.|[\\w.+-]+@[\\w-]+\\.[\\w.]+|(my|our|this|the|an?) (server|webhook|endpoint|url|address|bucket|inbox|channel|pastebin|gist|remote host))',
          '\\bcurl\\b[^\\n]{0,120}\\s(-d|--data(-binary|-raw|-urlencode)?|-f|--form|-t|--upload-file|-x post|--request post)\\b',
          '\\bwget\\b[^\\n]{0,80}--(post-data|post-file|body-data)',
          '\\b(nc|ncat|netcat|socat)\\s+(-\\S+\\s+)*[a-z0-9.-]+\\s+\\d{2,5}\\b',
          '\\b(webhook\\.site|requestbin|pipedream\\.net|ngrok\\.io|ngrok-free|pastebin\\.com|transfer\\.sh|interact\\.sh|burpcollaborator|oast\\.)',
          '/dev/tcp/',
          '\\bscp\\s+[^\\n]{0,80}\\s\\S+@\\S+:',
        ].join('|'),
      ),
    ),
  },
  {
    id: 'quarantine.secret-disclosure',
    reason: 'asks to reveal the system prompt, keys, tokens, passwords or private files',
    negatable: true,
    test: find(
      re(
        [
          "\\b(print|reveal|show|output|display|dump|leak|expose|share|repeat|disclose|tell|give|paste|include|echo|cat|return|write out|read out|send|upload|post|email|forward|exfiltrate)\\b[^.!?\\n]{0,40}(?<!\\w)(system prompt|(your|the) (initial |hidden |original )?(instructions|prompt)|api[ _-]?keys?|secret keys?|secrets|access tokens?|auth(entication)? tokens?|bearer tokens?|passwords?|passphrases?|credentials|private keys?|ssh keys?|id_rsa|id_ed25519|\\.env\\b|env(ironment)? var(iable)?s|\\.aws/credentials|\\.npmrc|\\.netrc|/etc/shadow|keychain)",
          '\\b(cat|type|less|more|head|tail|base64|xxd|cp|scp)\\s+[^\\n]{0,20}(~/\\.ssh/|id_rsa|id_ed25519|\\.aws/credentials|/etc/shadow|\\.netrc|\\.git-credentials)',
          '\\b(printenv|env|set)\\s*(\\||>)',
        ].join('|'),
      ),
    ),
  },
  {
    id: 'quarantine.permission-change',
    reason: 'widens permissions or turns off a safeguard (chmod 777, sudoers, disabling the sandbox or confirmations)',
    negatable: true,
    test: find(
      re(
        [
          '\\bchmod\\s+(-r\\s+|--recursive\\s+)?(0?777|0?666|a\\+rwx|o\\+w|[ugo]*\\+s|4755|2755)\\b',
          '\\bchown\\s+(-r\\s+)?root\\b',
          '\\b(add|append|write|echo)\\b[^\\n]{0,60}\\b(sudoers|authorized_keys|nopasswd)\\b',
          '\\b(disable|turn off|switch off|bypass|skip|deactivate|remove|circumvent|ignore)\\b[^.!?\\n]{0,20}\\b(the |all |any |your )?(sandbox(ing)?|safety (checks?|filters?)|security (checks?|controls?)|guardrails?|permission (checks?|prompts?)|confirmations?|approvals?|firewall|selinux|apparmor|antivirus|2fa|mfa|content filters?)\\b',
          '--dangerously-skip-permissions|\\bbypasspermissions\\b|\\bpermission[-_ ]?mode\\b[^\\n]{0,20}\\b(bypass|auto|yolo)|--yolo\\b|\\bauto-?approve (all|every|everything)',
          '\\b(grant|give)\\b[^.!?\\n]{0,20}\\b(yourself|the agent|the assistant|itself|me)\\b[^.!?\\n]{0,20}\\b(root|admin|sudo|full|unrestricted|elevated)\\b',
          '\\b(allow|approve|trust) (all|every|any) (tools?|commands?|actions?|requests?)\\b',
        ].join('|'),
      ),
    ),
  },
  { id: 'quarantine.url', reason: "carries a link to someone else's server (loopback and example domains excepted): a person should vouch for it", test: (n) => foreignUrl(n) },
  { id: 'quarantine.encoded-blob', reason: 'carries an encoded blob (long base64 or hex, escaped bytes) that could hide a payload', test: (_n, raw) => looksEncoded(raw) },
  { id: 'quarantine.hidden-characters', reason: 'holds invisible characters (zero-width, bidirectional controls, tag characters) that hide what the text says', test: (_n, raw) => hasHiddenCharacters(raw) },
  { id: 'quarantine.homoglyph', reason: 'mixes look-alike letters of other scripts into Latin words, to slip past a reader or a filter', test: (_n, raw) => hasMixedScriptWord(raw) },
];
