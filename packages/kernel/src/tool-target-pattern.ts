/**
 * Which targets a recovery recipe applies to: the exact target it was learned on, plus, for a
 * file path, every file of the same kind (`*.cbl`). A recipe is mostly about the kind of file
 * (COBOL sources in EBCDIC, CSVs in latin-1), rarely about its folder, so the folder is dropped;
 * URLs, table and pad names, and commands have no kind, so they match exactly or not at all.
 */
export interface ToolTargetPattern {
  /** The normalised target the recipe was learned on. */
  readonly exact: string;
  /** `*.<ext>` (extension lower-cased) for a path with an extension, else null. */
  readonly glob: string | null;
}

/** Longest extension read as a file kind; a longer dotted tail is a name (`v1.0-release-candidate`), not a kind. */
const MAX_EXTENSION_CHARS = 10;
const URL_PREFIX = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const EXTENSION = new RegExp(`^[^.].*\\.([A-Za-z0-9]{1,${MAX_EXTENSION_CHARS}})$`);

/**
 * The spelling two calls on the same resource share: trimmed, and for paths without `./`
 * prefixes, `/./` segments, doubled or trailing slashes. Lexical only (no `..`, no cwd, no case
 * folding): a core cannot ask the file system what a path resolves to.
 */
export const normalizeToolTarget = (target: string): string => {
  const t = target.trim();
  if (URL_PREFIX.test(t)) {
    const stripped = t.replace(/\/+$/, '');
    return stripped.endsWith(':') ? t : stripped;
  }
  let p = t.replace(/\/{2,}/g, '/').replace(/\/(?:\.\/)+/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p === '' ? t : p;
};

/** `*.<ext>` for a path-like target with an extension; null for URLs, commands (spaces) and names without one. */
export const toolTargetGlob = (target: string): string | null => {
  const t = normalizeToolTarget(target);
  if (URL_PREFIX.test(t) || /\s/.test(t)) return null;
  const base = t.slice(Math.max(t.lastIndexOf('/'), t.lastIndexOf('\\')) + 1);
  const m = EXTENSION.exec(base);
  return m?.[1] === undefined ? null : `*.${m[1].toLowerCase()}`;
};

/** The pattern a recipe learned on `target` is stored under. */
export const toolTargetPattern = (target: string): ToolTargetPattern => ({ exact: normalizeToolTarget(target), glob: toolTargetGlob(target) });

/** Whether `target` is the pattern's exact target or a file of its kind. */
export const matchesToolTarget = (pattern: ToolTargetPattern, target: string): boolean => {
  if (normalizeToolTarget(target) === pattern.exact) return true;
  return pattern.glob !== null && toolTargetGlob(target) === pattern.glob;
};
