import { draftSkill, renderSkillMd, skillDraftToSave } from '@engram/hippocampus';
import type { AnyEnvelope } from '@engram/events';
import { readLogFile } from '@engram/store';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { LlmOptionValues } from '../llm/llm-options.js';
import { openCliLlm } from '../llm/open-cli-llm.js';
import { MemoryUsageError, defaultIo, type MemoryIo } from '../memory/open-memory.js';
import { homeOf, runSkillsCommand, type SkillsRootOptions } from './open-skills.js';
import { openActiveSkills } from '@engram/runtime';
import { skillSourceFromEvents } from '@engram/runtime';

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

/** The session's events: a log file (`--from`), or a session of the active event log (`--session`). */
const sourceEvents = async (options: SkillsSaveOptions, io: MemoryIo): Promise<{ readonly name: string; readonly events: readonly AnyEnvelope[] }> => {
  if ((options.from === undefined) === (options.session === undefined))
    throw new MemoryUsageError({ reason: 'missing', message: 'give --from LOG (a session event log, e.g. .engram/events/<session>.jsonl) or --session ID (from the active store), one of them' });
  if (options.session !== undefined) {
    const { sessionEvents } = await import('@engram/runtime');
    const found = await sessionEvents(options.session, options);
    if (found.kind === 'problem') throw found.error;
    if (found.kind === 'postgres') return { name: found.label, events: found.events };
    return { name: found.file, events: readLogFile(found.file).events };
  }
  const file = resolve(options.from ?? '');
  if (!existsSync(file)) throw new MemoryUsageError({ reason: 'invalid', message: `--from ${options.from ?? ''}: no such file` });
  const log = readLogFile(file);
  for (const p of log.problems) io.err(`note: ${p.file}:${p.line}: ${p.field}: ${p.problem}\n`);
  return { name: options.from ?? file, events: log.events };
};

/**
 * `engram skills save --from LOG | --session ID [--name HINT]`: Anton's `/skill save` (anton.md
 * §10) for a recorded session. The planning model drafts the skill from the log's user messages
 * and cells; the draft is shown, then saved under a valid label not taken yet (the hint, else the
 * model's label; `-2`, `-3` ... on a clash), in the active store (`--store`/`ENGRAM_STORE`: the
 * skills folder, or PostgreSQL). A failed model call saves nothing (exit 1).
 */
export const runSkillsSave = (options: SkillsSaveOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runSkillsCommand('save', io, async () => {
    const log = await sourceEvents(options, io);
    const source = skillSourceFromEvents(log.events);
    if (source.cells.length === 0 && source.userMessages.length === 0) throw new Error(`${log.name} holds no user messages and no cells to draft a skill from`);
    const home = homeOf(options);
    // Settings that cannot work are an LlmConfigError: exit 2 from its tag.
    const model = await openCliLlm(options, { projectDir: resolve(options.project ?? process.cwd()), home });
    const store = await openActiveSkills(options);
    try {
      const draft = await draftSkill(model, source, options.name === undefined ? {} : { hint: options.name });
      const label = await store.skills.uniqueLabel(options.name ?? draft.label);
      const toSave = skillDraftToSave(draft, label, `session:${source.sessionId}`);
      const preview = renderSkillMd({ name: label, description: [toSave.description, toSave.whenToUse ?? ''].filter((s) => s.trim() !== '').join('. '), metadata: { display_name: draft.name }, body: toSave.body });
      if (options.dryRun === true) {
        io.out(options.json === true ? `${JSON.stringify({ saved: false, label, draft })}\n` : `${preview}\n(not saved: --dry-run)\n`);
        return 0;
      }
      const saved: { readonly label: string; readonly dir?: string } = await store.skills.save(toSave);
      const where = saved.dir ?? store.root;
      io.out(options.json === true ? `${JSON.stringify({ saved: true, label: saved.label, dir: where, draft })}\n` : `${preview}\nsaved skill ${saved.label} in ${where}\n`);
      return 0;
    } finally {
      await store.close();
    }
  });
