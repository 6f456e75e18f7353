import { defaultIo, type MemoryIo } from '../memory/open-memory.js';
import { openSkills, runSkillsCommand, type SkillsRootOptions } from './open-skills.js';

export interface SkillsListOptions extends SkillsRootOptions {
  readonly json?: boolean;
}

/** `engram skills list`: every skill by label with its description, and the folders that could not be read. */
export const runSkillsList = (options: SkillsListOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runSkillsCommand('list', io, () => {
    const store = openSkills(options);
    const { skills, problems } = store.list();
    if (options.json === true) io.out(`${JSON.stringify({ root: store.root, skills, problems })}\n`);
    else {
      if (skills.length === 0) io.out(`no skills in ${store.root}\n`);
      for (const s of skills) io.out(`${s.label}${s.description === '' ? '' : `  ${s.description.replace(/\s+/g, ' ')}`}\n`);
      for (const p of problems) io.err(`note: ${p.folder}: ${p.reason}\n`);
    }
    return Promise.resolve(0);
  });
