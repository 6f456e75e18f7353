import { runCommand } from '../exit/exit-code-of.js';
import type { MemoryFlags } from '@engram/runtime';

/** The flags every memory command takes: the roots, and the store (`--store`, `--tenant`) where one applies. */
export type MemoryRootOptions = MemoryFlags;

/** Where a command prints: stdout and stderr, or a test's buffers. */
export interface MemoryIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

export const defaultIo: MemoryIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

/** Runs a memory command body: a failure is its message, never a stack, and the exit code read from its tag (`runCommand`). */
export const runMemoryCommand = (name: string, io: MemoryIo, body: () => Promise<number>): Promise<number> => runCommand(`engram memory ${name}`, io.err, body);
