import { shellWord } from '@engram/kernel';
import type { ChatRoots } from './chat-host.js';
import { memoryFlags } from './memory-flags.js';

/** One entry a turn stored: the id is null when it could not be read back (the undo then names the exact text). */
export interface LearnedEntry {
  readonly id: string | null;
  readonly kind: string;
  readonly scope: 'global' | 'project';
  readonly text: string;
}

/** The entry's words on the learned line: enough to recognise it on one terminal line; `/why` and `memory show` have it whole. */
export const LEARNED_TEXT_CHARS = 72;

const shortText = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > LEARNED_TEXT_CHARS ? `${flat.slice(0, LEARNED_TEXT_CHARS - 1)}…` : flat;
};

/**
 * The command that takes a stored entry back out: `engram memory remove ID --scope S` on the
 * chat's own memory (`memoryFlags`), the id (or, when it was not read back, the exact text)
 * quoted as one shell word. `remove` and not `forget`: it takes exactly this entry, and it can run
 * while the chat is still open (forget rewrites event logs, the chat's own among them).
 */
export const undoCommandLine = (entry: LearnedEntry, target: ChatRoots, engram = 'engram'): string =>
  [`${engram} memory remove`, shellWord(entry.id ?? entry.text), '--scope', entry.scope, ...memoryFlags(target)].join(' ');

/** What the chat says about one entry a turn stored, on one line: kind, scope, a short text, and the command that undoes it. */
export const learnedLine = (entry: LearnedEntry, target: ChatRoots, engram = 'engram'): string =>
  `learned (${entry.kind}, ${entry.scope}) ${shortText(entry.text)} · undo: ${undoCommandLine(entry, target, engram)}`;
