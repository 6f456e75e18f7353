import { LlmConfigError } from '@engram/llm';
import { draftSkill, renderSkillMd, skillDraftToSave } from '@engram/hippocampus';
import { readLogFile } from '@engram/store';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { LlmOptionValues } from '../llm/llm-options.js';
import { openCliLlm } from '../llm/open-cli-llm.js';
import { MemoryUsageError, defaultIo, type MemoryIo } from '../memory/open-memory.js';
import { homeOf, openSkills, runSkillsCommand, type SkillsRootOptions } from './open-skills.js';
import { skillSourceFromEvents } from '@engram/runtime';

export interface SkillsSaveOptions extends SkillsRootOptions, LlmOptionValues {
  readonly from?: string;
  readonly name?: string;
  readonly project?: string;
  /** Show the draft without saving it. */
  readonly dryRun?: boolean;
  readonly json?: boolean;
}

/**
 * `engram skills save --from LOG [--name HINT]`: Anton's `/skill save` (anton.md §10) for a
 * recorded session. The planning model drafts the skill from the log's user messages and cells;
 * the draft is shown, then saved under a valid label not taken yet (the hint, else the model's
 * label; `-2`, `-3` ... on a clash). A failed model call saves nothing (exit 1).
 */
export const runSkillsSave = (options: SkillsSaveOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runSkillsCommand('save', io, async () => {
    if (options.from === undefined) throw new MemoryUsageError('--from LOG is required (a session event log, e.g. .engram/events/<session>.jsonl)');
    const file = resolve(options.from);
    if (!existsSync(file)) throw new MemoryUsageError(`--from ${options.from}: no such file`);
    const log = readLogFile(file);
    for (const p of log.problems) io.err(`note: ${p.file}:${p.line}: ${p.field}: ${p.problem}\n`);
    const source = skillSourceFromEvents(log.events);
    if (source.cells.length === 0 && source.userMessages.length === 0) throw new Error(`${options.from} holds no user messages and no cells to draft a skill from`);
    const store = openSkills(options);
    const home = homeOf(options);
    let model;
    try {
      model = await openCliLlm(options, { projectDir: resolve(options.project ?? process.cwd()), home });
    } catch (err) {
      if (err instanceof LlmConfigError) throw new MemoryUsageError(err.message);
      throw err;
    }
    const draft = await draftSkill(model, source, options.name === undefined ? {} : { hint: options.name });
    const label = store.uniqueLabel(options.name ?? draft.label);
    const toSave = skillDraftToSave(draft, label, `session:${source.sessionId}`);
    const preview = renderSkillMd({ name: label, description: [toSave.description, toSave.whenToUse ?? ''].filter((s) => s.trim() !== '').join('. '), metadata: { display_name: draft.name }, body: toSave.body });
    if (options.dryRun === true) {
      io.out(options.json === true ? `${JSON.stringify({ saved: false, label, draft })}\n` : `${preview}\n(not saved: --dry-run)\n`);
      return 0;
    }
    const saved = await store.save(toSave);
    io.out(options.json === true ? `${JSON.stringify({ saved: true, label: saved.label, dir: saved.dir, draft })}\n` : `${preview}\nsaved skill ${saved.label} in ${saved.dir}\n`);
    return 0;
  });
