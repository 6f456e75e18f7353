/** Extensions longer than this are not file types (`.backup-2024-01-01`), so the whole target is kept. */
const MAX_EXTENSION_CHARS = 8;

/**
 * The kind of resource a target is, for learning that carries over between targets: a file path
 * becomes its extension glob (`legacy/PAYROLL.cbl` → `*.cbl`), anything else stays itself, and no
 * target at all is `*`. What worked on one COBOL file is the best first guess for the next.
 */
export const targetKind = (target: string | null): string => {
  if (target === null || target.trim() === '') return '*';
  const base = target.trim().split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return target.trim();
  const ext = base.slice(dot + 1);
  return ext.length <= MAX_EXTENSION_CHARS && /^[\w-]+$/.test(ext) ? `*.${ext.toLowerCase()}` : target.trim();
};
