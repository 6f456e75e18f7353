import { FileSemanticStore } from '@engram/hippocampus';
import type { EncodeRequest, EngramScope, RuleKind, SemanticStore } from '@engram/kernel';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { entryRequest } from '../entry-request.js';
import { ArgumentError } from '../argument-error.js';

const FILES = ['rules.md', 'lessons.md', 'profile.md'] as const;

export interface MemoryExport {
  readonly to: string;
  /** Entries written per scope, and the files they went to. */
  readonly scopes: Readonly<Partial<Record<EngramScope, { readonly entries: number; readonly files: readonly string[] }>>>;
}

/** What a snapshot holds, as encode requests in file order: rules, lessons, then profile facts. */
export const snapshotRequests = (snap: Awaited<ReturnType<SemanticStore['read']>>): EncodeRequest[] => [
  ...snap.rules.filter((e) => e.kind === 'always' || e.kind === 'never' || e.kind === 'when').map((e) => entryRequest(e, e.kind as RuleKind)),
  ...snap.lessons.map((e) => entryRequest(e, 'lesson')),
  ...snap.identities.map((e) => entryRequest(e, 'profile')),
];

/**
 * `engram memory export --to DIR`: whatever store is active (files or PostgreSQL) written as
 * Anton's markdown, `DIR/<scope>/{rules,lessons,profile}.md`, by the file store itself, so the
 * human view is exactly what the file backend keeps (and editable). A scope folder that already
 * holds memory files is refused (an `ArgumentError` naming the file): an export never merges into one.
 */
export const exportMemory = async (stores: Readonly<Partial<Record<EngramScope, SemanticStore>>>, to: string): Promise<MemoryExport> => {
  const root = resolve(to);
  const scopes = Object.entries(stores) as [EngramScope, SemanticStore][];
  for (const [scope] of scopes) for (const f of FILES) if (existsSync(join(root, scope, f))) throw new ArgumentError({ reason: 'target-exists', message: `${join(root, scope, f)} exists: export into an empty folder` });
  const out: Partial<Record<EngramScope, { entries: number; files: string[] }>> = {};
  for (const [scope, store] of scopes) {
    const requests = snapshotRequests(await store.read());
    const target = new FileSemanticStore({ dir: join(root, scope), scope, root });
    const results = requests.length === 0 ? [] : await target.encode(requests);
    out[scope] = { entries: results.filter((r) => r.outcome === 'added' || r.outcome === 'superseded').length, files: [...new Set(results.map((r) => r.location))] };
  }
  return { to: root, scopes: out };
};
