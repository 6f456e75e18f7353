import { FileSemanticStore } from '@engram/hippocampus';
import type { EncodeOutcome, EngramScope, SemanticStore } from '@engram/kernel';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { snapshotRequests } from './export-memory.js';
import { ArgumentError } from '../argument-error.js';

export interface MemoryImport {
  readonly from: string;
  /** Outcomes per scope (`added`, `duplicate`, `superseded`, `empty`). */
  readonly counts: Readonly<Partial<Record<EngramScope, Readonly<Record<string, number>>>>>;
  /** Lines that could not be read, as `file:line: field: problem`; skipped, nothing else is lost. */
  readonly problems: readonly string[];
}

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

/**
 * `engram memory import --from DIR`: reads a folder as `exportMemory` writes it (Anton's markdown
 * under `DIR/global` and `DIR/project`) with the file store's reader, and encodes every entry into
 * the active store of its scope: dedupe and identity merge are the target's, as for any encode,
 * so an import adds and never removes. Lines the reader cannot use are reported with file, line
 * and field and skipped. A folder with neither scope is an `ArgumentError`.
 */
export const importMemory = async (stores: Readonly<Partial<Record<EngramScope, SemanticStore>>>, from: string): Promise<MemoryImport> => {
  const root = resolve(from);
  const present = (Object.keys(stores) as EngramScope[]).filter((scope) => isDir(join(root, scope)));
  if (!isDir(root) || present.length === 0) throw new ArgumentError({ reason: 'not-a-folder', message: `${from}: expected a folder holding global/ and/or project/ with rules.md, lessons.md, profile.md (as engram memory export writes)` });
  const counts: Partial<Record<EngramScope, Record<string, number>>> = {};
  const problems: string[] = [];
  for (const scope of present) {
    const snap = await new FileSemanticStore({ dir: join(root, scope), scope, root }).read();
    for (const d of snap.diagnostics) problems.push(`${d.location}:${d.line}: ${d.field ?? '(line)'}: ${d.message}`);
    const requests = snapshotRequests(snap);
    const c: Partial<Record<EncodeOutcome, number>> = {};
    for (const r of requests.length === 0 ? [] : await stores[scope]!.encode(requests)) c[r.outcome] = (c[r.outcome] ?? 0) + 1;
    counts[scope] = c;
  }
  return { from: root, counts, problems };
};
