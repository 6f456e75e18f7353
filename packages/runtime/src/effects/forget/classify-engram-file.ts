import { ENGRAM_FILE_NAMES as N } from '@engram/fs';
import { RECIPES_FILE } from '@engram/hippocampus';
import { basename, relative, sep } from 'node:path';

/** How `forget` treats a file, by where it lies under an engram root (the home, or `<project>/.engram`). */
export type EngramFileKind =
  | { readonly kind: 'semantic' }
  | { readonly kind: 'history' }
  | { readonly kind: 'pending' }
  | { readonly kind: 'quarantine' }
  | { readonly kind: 'episodes' }
  | { readonly kind: 'index' }
  | { readonly kind: 'skill'; readonly folder: string }
  | { readonly kind: 'recipes' }
  | { readonly kind: 'instinct' }
  | { readonly kind: 'generated-rules' }
  | { readonly kind: 'events' }
  | { readonly kind: 'checkpoint' }
  | { readonly kind: 'lock' }
  | { readonly kind: 'user' }
  | { readonly kind: 'other' };

/** The semantic memory files the stores own (Anton's names). */
const SEMANTIC = new Set(['rules.md', 'lessons.md', 'profile.md']);
/** Files the user writes by hand (settings and project instructions): forget reports them and leaves them as they are. */
const USER_FILES = new Set<string>([N.config, N.projectInstructions, N.guards, N.fallbacks]);

/**
 * Classifies one file. Any file whose name starts with `quarantine` (the quarantine store of
 * issue 14 item 2, whatever its exact name and format) is a quarantine: JSON items or JSONL lines
 * mentioning the subject are dropped.
 */
export const classifyEngramFile = (root: string, file: string): EngramFileKind => {
  const parts = relative(root, file).split(sep);
  const top = parts[0] ?? '';
  const name = basename(file);
  if (name.startsWith('quarantine')) return { kind: 'quarantine' };
  if (name.endsWith('.lock') || parts.some((p) => p.endsWith('.lock'))) return { kind: 'lock' };
  if (parts.length === 1 && USER_FILES.has(name)) return { kind: 'user' };
  if (parts.length === 1 && name === N.pendingMemory) return { kind: 'pending' };
  if (top === N.memory && parts.length === 2 && SEMANTIC.has(name)) return { kind: 'semantic' };
  if (top === N.memory && parts.length === 2 && name === N.memoryHistory) return { kind: 'history' };
  if (top === N.episodes) return { kind: 'episodes' };
  if (top === N.index) return { kind: 'index' };
  if (top === N.events) return name.endsWith('.jsonl.resume') ? { kind: 'checkpoint' } : { kind: 'events' };
  if (top === N.skills && parts.length === 2 && name === RECIPES_FILE) return { kind: 'recipes' };
  if (top === N.skills && parts.length >= 3) return { kind: 'skill', folder: parts[1] ?? '' };
  if (top === N.instincts) return name === 'generated-rules.md' && parts.length === 2 ? { kind: 'generated-rules' } : { kind: 'instinct' };
  return { kind: 'other' };
};
