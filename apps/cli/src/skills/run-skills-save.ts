import { resolve } from 'node:path';
import type { LlmOptionValues } from '../llm/llm-options.js';
import { openCliLlm } from '../llm/open-cli-llm.js';
import { defaultIo, type MemoryIo } from '../memory/open-memory.js';
import { homeOf, runSkillsCommand, type SkillsRootOptions } from './open-skills.js';
import { recordedSession, saveSkillFromEvents } from '@engram/runtime';

export interface SkillsSaveOptions extends SkillsRootOptions, LlmOptionValues {
  readonly from?: string;
  /** A session id, read from the active event log (PostgreSQL with a store set, else the file logs). */
  readonly session?: string;
  readonly name?: string;
  readonly project?: string;
  /** Show the draft without saving it. */
  readonly dryRun?: boolean;
  readonly json?: boolean;
}

/**
 * `engram skills save --from LOG | --session ID [--name HINT]`: Anton's `/skill save` for a
 * recorded session (`saveSkillFromEvents`): the draft is shown, then saved in the active store
 * unless `--dry-run`. A failed model call saves nothing (exit 1).
 */
export const runSkillsSave = (options: SkillsSaveOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runSkillsCommand('save', io, async () => {
    const log = await recordedSession(options, options, (line) => io.err(`${line}\n`));
    // Settings that cannot work are an LlmConfigError: exit 2 from its tag.
    const model = await openCliLlm(options, { projectDir: resolve(options.project ?? process.cwd()), home: homeOf(options) });
    const r = await saveSkillFromEvents(model, log, options);
    const json = { saved: r.saved !== null, label: r.saved?.label ?? r.label, ...(r.saved === null ? {} : { dir: r.saved.dir }), draft: r.draft };
    io.out(options.json === true ? `${JSON.stringify(json)}\n` : `${r.preview}\n${r.saved === null ? '(not saved: --dry-run)' : `saved skill ${r.saved.label} in ${r.saved.dir}`}\n`);
    return 0;
  });
