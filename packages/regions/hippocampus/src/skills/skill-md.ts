import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type { ScalarTag, Tags } from 'yaml';
import { normalizeSkillName } from './normalize-skill-name.js';

/** The parts of a SKILL.md (anton.md §10.2). */
export interface SkillMd {
  /** The front matter `name` (or the folder name when missing), normalised into a label; may be `""`. */
  readonly name: string;
  readonly description: string;
  readonly license?: string;
  readonly compatibility?: string;
  readonly allowedTools?: string;
  /** String forms of the `metadata` mapping, plus every unknown top-level key (not overriding). */
  readonly metadata: Readonly<Record<string, string>>;
  /** Everything after the closing `---` line, verbatim. */
  readonly body: string;
}

export type SkillMdParse = { readonly ok: true; readonly skill: SkillMd } | { readonly ok: false; readonly reason: string };

/**
 * The yaml package (117 kB of every CLI bundle that holds the skill stores), loaded when a SKILL.md
 * is first read or written: `engram memory show`, `add` and `context` never are, and start within
 * a bound of Node's own start-up (docs/cli-startup.md). Its Node build is CommonJS.
 */
let yamlLib: typeof Yaml | undefined;
const yaml = (): typeof Yaml => (yamlLib ??= createRequire(import.meta.url)('yaml') as typeof Yaml);

const KNOWN = new Set(['name', 'description', 'license', 'compatibility', 'allowed-tools', 'metadata']);
const FENCE = /^---[ \t]*$/;

/**
 * PyYAML's booleans. YAML 1.1 also lists `y`/`n`, which the yaml package's 1.1 schema honours
 * but PyYAML (which wrote these files) does not: `n: 3` is the key "n" there, not `false`.
 */
const PY_TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
const PY_FALSE = /^(?:no|No|NO|false|False|FALSE|off|Off|OFF)$/;
const pyYamlTags = (tags: Tags): Tags =>
  tags.map((t): Tags[number] => {
    if (typeof t !== 'object' || t.tag !== 'tag:yaml.org,2002:bool' || !('test' in t) || !(t.test instanceof RegExp)) return t;
    const tag: ScalarTag = Object.assign({}, t, { test: t.test.test('true') ? PY_TRUE : PY_FALSE });
    return tag;
  });

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** Python's `str()` of a YAML value, as far as front matter needs it. */
const pyStr = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (v instanceof Date) return v.toISOString();
  return JSON.stringify(v);
};

/**
 * Reads a SKILL.md leniently, as Anton's `skill_format.parse` (anton.md §10.2): the first line
 * must be `---`, a later line closes the front matter, which must be a YAML mapping. YAML 1.1
 * rules apply (PyYAML wrote it: `yes`/`no` are booleans), and duplicate keys are tolerated
 * (PyYAML keeps the last). Anything else is unreadable, with the reason.
 */
export const parseSkillMd = (text: string, folderName: string): SkillMdParse => {
  const lines = text.split('\n');
  if (!FENCE.test((lines[0] ?? '').replace(/\r$/, ''))) return { ok: false, reason: "the first line is not '---'" };
  const close = lines.findIndex((l, i) => i > 0 && FENCE.test(l.replace(/\r$/, '')));
  if (close === -1) return { ok: false, reason: "the front matter has no closing '---' line" };
  let front: unknown;
  try {
    front = yaml().parse(lines.slice(1, close).join('\n'), { version: '1.1', uniqueKeys: false, customTags: pyYamlTags });
  } catch (err) {
    return { ok: false, reason: `the front matter is not valid YAML (${(err as Error).message.split('\n')[0] ?? ''})` };
  }
  if (!isMapping(front)) return { ok: false, reason: 'the front matter is not a YAML mapping' };
  const metadata: Record<string, string> = {};
  if (isMapping(front.metadata)) for (const [k, v] of Object.entries(front.metadata)) metadata[k] = pyStr(v);
  for (const [k, v] of Object.entries(front)) if (!KNOWN.has(k) && !(k in metadata)) metadata[k] = pyStr(v);
  const rawName = front.name === undefined || front.name === null ? folderName : pyStr(front.name);
  const optional = (key: string): string | undefined => (front[key] === undefined || front[key] === null ? undefined : pyStr(front[key]));
  const license = optional('license');
  const compatibility = optional('compatibility');
  const allowedTools = optional('allowed-tools');
  return {
    ok: true,
    skill: {
      name: normalizeSkillName(rawName),
      description: front.description === undefined || front.description === null ? '' : pyStr(front.description),
      ...(license === undefined ? {} : { license }),
      ...(compatibility === undefined ? {} : { compatibility }),
      ...(allowedTools === undefined ? {} : { allowedTools }),
      metadata,
      body: lines.slice(close + 1).join('\n'),
    },
  };
};

/**
 * Writes a SKILL.md as Anton's `dump` does: `---`, block-style YAML of name, description, the
 * optional fields and a non-empty metadata mapping (in that order), `---`, then the body
 * verbatim. Strings YAML 1.1 would read as something else (`no`, `1.0`, `a: b`) are quoted,
 * so PyYAML reads back exactly what was written.
 */
export const renderSkillMd = (skill: SkillMd): string => {
  const front: Record<string, unknown> = { name: skill.name, description: skill.description };
  if (skill.license !== undefined) front.license = skill.license;
  if (skill.compatibility !== undefined) front.compatibility = skill.compatibility;
  if (skill.allowedTools !== undefined) front['allowed-tools'] = skill.allowedTools;
  if (Object.keys(skill.metadata).length > 0) front.metadata = { ...skill.metadata };
  return `---\n${yaml().stringify(front, { version: '1.1', lineWidth: 0 })}---\n${skill.body}`;
};
