import { LLM_OPTIONS } from '../llm/llm-options.js';
import type { SkillsListOptions } from '../skills/run-skills-list.js';
import type { SkillsRemoveOptions } from '../skills/run-skills-remove.js';
import type { SkillsSaveOptions } from '../skills/run-skills-save.js';
import type { SkillsShowOptions } from '../skills/run-skills-show.js';
import type { CommandSpec } from './command-spec.js';
import { JSON_OUT, STORES, opt } from './shared-options.js';

const HOME_STORES = [opt('--home <dir>', 'global root whose skills/ is used (default: $ENGRAM_HOME or ~/.engram)'), ...STORES, JSON_OUT];
const LABEL = [['<label>', 'the skill label']] as const;

/**
 * `engram skills ...`: procedural memory (issue 4). Implementations load only when a command
 * runs. Exit 0 ok, 1 failure (unknown skill, failed model call), 2 usage (a refused label).
 */
export const skillsCommand: CommandSpec = {
  name: 'skills',
  description: 'procedural memory: saved skills (SKILL.md folders under $ENGRAM_HOME/skills)',
  commands: [
    { name: 'list', description: 'every skill by label, with its description, then the recovery recipes', options: HOME_STORES, run: async (o: SkillsListOptions) => (await import('../skills/run-skills-list.js')).runSkillsList(o) },
    { name: 'show', description: 'print one skill (a typo finds the closest label)', args: LABEL, options: HOME_STORES, run: async (o: SkillsShowOptions, label: string) => (await import('../skills/run-skills-show.js')).runSkillsShow(label, o) },
    { name: 'remove', description: 'delete one skill (its folder, or its row in PostgreSQL; exact label or folder name only)', args: LABEL, options: HOME_STORES,
      run: async (o: SkillsRemoveOptions, label: string) => (await import('../skills/run-skills-remove.js')).runSkillsRemove(label, o) },
    { name: 'save', description: "draft a skill from a recorded session's cells and messages (planning model), show it and save it in the active store",
      options: [
        ...LLM_OPTIONS,
        ...HOME_STORES,
        opt('--from <log>', 'the session event log (.engram/events/<session>.jsonl)'),
        opt('--session <id>', 'a session id, read from the active event log (PostgreSQL with --store/ENGRAM_STORE, else the file logs of --project and --home); instead of --from'),
        opt('--name <hint>', 'the label wanted (made valid and unique)'),
        opt('--project <dir>', 'project folder whose .engram/config.json is read for LLM settings (default: .)'),
        opt('--dry-run', 'show the draft without saving it'),
      ],
      run: async (o: SkillsSaveOptions) => (await import('../skills/run-skills-save.js')).runSkillsSave(o) },
  ],
};
