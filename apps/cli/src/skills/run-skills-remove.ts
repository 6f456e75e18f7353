import { defaultIo, type MemoryIo } from '../memory/open-memory.js';
import { openSkills, runSkillsCommand, type SkillsRootOptions } from './open-skills.js';

export interface SkillsRemoveOptions extends SkillsRootOptions {
  readonly json?: boolean;
}

/**
 * `engram skills remove LABEL`: deletes one skill's folder, found exactly (never by a fuzzy
 * match: a typo must not delete a neighbour). Hostile labels (`../x`, `/etc`, empty) exit 2
 * before anything is touched; an unknown label exits 1.
 */
export const runSkillsRemove = (input: string, options: SkillsRemoveOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runSkillsCommand('remove', io, () => {
    const r = openSkills(options).remove(input);
    if (options.json === true) io.out(`${JSON.stringify(r)}\n`);
    else if (r.removed) io.out(`removed ${r.label ?? input} (${r.dir ?? ''})\n`);
    if (!r.removed) io.err(`engram skills remove: no skill named ${JSON.stringify(input)}\n`);
    return Promise.resolve(r.removed ? 0 : 1);
  });
