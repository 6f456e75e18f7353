import { defaultIo, type MemoryIo } from '../memory/open-memory.js';
import { openActiveSkills } from '@engram/runtime';
import { runSkillsCommand, type SkillsRootOptions } from './open-skills.js';

export interface SkillsRemoveOptions extends SkillsRootOptions {
  readonly json?: boolean;
}

/**
 * `engram skills remove LABEL`: deletes one skill (its folder, or its row on PostgreSQL when
 * `--store`/`ENGRAM_STORE` is set), found exactly (never by a fuzzy match: a typo must not delete
 * a neighbour). Hostile labels (`../x`, `/etc`, empty) exit 2 before anything is touched; an
 * unknown label exits 1; a bad store setting 2, an unreachable server 3.
 */
export const runSkillsRemove = (input: string, options: SkillsRemoveOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runSkillsCommand('remove', io, async () => {
    const store = await openActiveSkills(options);
    const r: { readonly removed: boolean; readonly label: string | null; readonly dir?: string | null } = await Promise.resolve(store.skills.remove(input)).finally(() => store.close());
    if (options.json === true) io.out(`${JSON.stringify(r)}\n`);
    else if (r.removed) io.out(`removed ${r.label ?? input} (${r.dir ?? store.root})\n`);
    if (!r.removed) io.err(`engram skills remove: no skill named ${JSON.stringify(input)}\n`);
    return r.removed ? 0 : 1;
  });
