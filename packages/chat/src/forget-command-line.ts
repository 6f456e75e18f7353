import { shellWord } from '@engram/kernel';
import type { ChatRoots } from './chat-host.js';
import { memoryFlags } from './memory-flags.js';

/**
 * The `engram memory forget ... --yes` that `/forget SUBJECT` tells the user to run after the
 * chat: the same home, project and store as the chat (`memoryFlags`), the subject after `--` so
 * one starting with `-` is not read as a flag.
 */
export const forgetCommandLine = (subject: string, target: ChatRoots, engram = 'engram'): string =>
  [`${engram} memory forget --yes`, ...memoryFlags(target), '--', shellWord(subject)].join(' ');
