import { describeDiagnostic, type EngramScope, type MemoryEntry, type SemanticSnapshot } from '@engram/kernel';

const entryLine = (e: MemoryEntry): string => `  ${e.id}  ${(e.kind ?? e.section ?? '?').padEnd(7)} ${e.text}`;

/**
 * `memory show`: every entry per scope with its id, then what could not be read. A file of its
 * own (not a member of `memoryText` alone) so the quick `memory show` loads none of the others.
 */
export const memoryShowText = (scopes: readonly { readonly scope: EngramScope; readonly where: string; readonly snap: SemanticSnapshot }[]): string => {
  const text: string[] = [];
  for (const { scope, where, snap } of scopes) {
    text.push(`${scope} (${where})`);
    for (const [title, list] of [['rules', snap.rules], ['lessons', snap.lessons], ['profile', snap.identities]] as const) {
      text.push(` ${title}: ${list.length}`);
      for (const e of list) text.push(entryLine(e));
    }
    for (const d of snap.diagnostics) text.push(` note: ${describeDiagnostic(d)}`);
  }
  return `${text.join('\n')}\n`;
};
