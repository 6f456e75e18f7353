import { defaultIo, type MemoryIo } from '../memory/open-memory.js';
import { openActiveSkills, skillsText } from '@engram/runtime';
import { runSkillsCommand, type SkillsRootOptions } from './open-skills.js';

export interface SkillsShowOptions extends SkillsRootOptions {
  readonly json?: boolean;
}

/**
 * `engram skills show LABEL`: one skill whole. A typo finds the closest label (as recall does)
 * with a warning; nothing close exits 1; a path-like or empty label exits 2.
 */
export const runSkillsShow = (input: string, options: SkillsShowOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runSkillsCommand('show', io, async () => {
    const store = await openActiveSkills(options);
    const r = await Promise.resolve(store.skills.resolve(input)).finally(() => store.close());
    switch (r.kind) {
      case 'invalid':
        io.err(`engram skills show: ${r.error}\n`);
        return 2;
      case 'missing':
        io.err(`engram skills show: no skill named ${JSON.stringify(input)}${r.available.length === 0 ? '' : ` (available: ${r.available.join(', ')})`}\n`);
        return 1;
      case 'found':
      case 'closest': {
        const s = r.skill;
        if (r.kind === 'closest') io.err(`no skill named ${JSON.stringify(input)}; showing the closest match ${JSON.stringify(s.label)}\n`);
        io.out(options.json === true ? `${JSON.stringify({ match: r.kind, skill: s })}\n` : skillsText.show(s));
        return 0;
      }
    }
  });
