import { ENGRAM_FILE_NAMES } from '@engram/fs';
import { join } from 'node:path';
import { HeldFileStore, type HeldFileKind } from './held-file-store.js';
import { QUARANTINE_KIND, QuarantineFileSchema, type QuarantineItem } from '../quarantine/quarantine-item.js';

/** The quarantine file's name inside an `.engram` folder (or `$ENGRAM_HOME`). */
export const QUARANTINE_FILE_NAME = ENGRAM_FILE_NAMES.quarantine;

/** Where the quarantine lives: beside the pending queue. */
export const quarantinePathFor = (engramRoot: string): string => join(engramRoot, QUARANTINE_FILE_NAME);

/** The quarantine kind of held proposal, as its file is read. */
const QUARANTINE_FILE_KIND: HeldFileKind<QuarantineItem> = { ...QUARANTINE_KIND, schema: QuarantineFileSchema };

/**
 * The durable quarantine: proposals held because they read as instructions to the agent, in
 * `quarantine.json` beside the pending queue: the held-proposal file of kind `quarantine`.
 * Nothing here is ever read into a prompt: only `engram memory quarantine` shows it, to a person.
 */
export class QuarantineStore extends HeldFileStore<QuarantineItem> {
  constructor(file: string, options: { readonly root?: string } = {}) {
    super(QUARANTINE_FILE_KIND, file, options);
  }
}
