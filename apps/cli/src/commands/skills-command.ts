import type { Command } from 'commander';
import { addLlmOptions } from '../llm/llm-options.js';
import type { SkillsListOptions } from '../skills/run-skills-list.js';
import type { SkillsRemoveOptions } from '../skills/run-skills-remove.js';
import type { SkillsSaveOptions } from '../skills/run-skills-save.js';
import type { SkillsShowOptions } from '../skills/run-skills-show.js';

const home = (c: Command): Command => c.option('--home <dir>', 'global root whose skills/ is used (default: $ENGRAM_HOME or ~/.engram)');

/** `--store` and `--tenant` on the commands that read the active store (files or PostgreSQL). */
const stores = (c: Command): Command =>
  c.option('--store <url>', 'the PostgreSQL store, postgres://USER@HOST:PORT/DB (env ENGRAM_STORE; default: the files)').option('--tenant <name>', 'the tenant (env ENGRAM_TENANT; default "default")');

/**
 * `engram skills ...`: procedural memory (issue 4). Implementations load only when a command
 * runs. Exit 0 ok, 1 failure (unknown skill, failed model call), 2 usage (a refused label).
 */
export const registerSkills = (program: Command): void => {
  const skills = program.command('skills').description('procedural memory: saved skills (SKILL.md folders under $ENGRAM_HOME/skills)');

  stores(home(skills.command('list').description('every skill by label, with its description, then the recovery recipes')))
    .option('--json', 'print one JSON object')
    .action(async (o: SkillsListOptions) => {
      const { runSkillsList } = await import('../skills/run-skills-list.js');
      process.exitCode = await runSkillsList(o);
    });

  stores(home(skills.command('show').description('print one skill (a typo finds the closest label)').argument('<label>', 'the skill label')))
    .option('--json', 'print one JSON object')
    .action(async (label: string, o: SkillsShowOptions) => {
      const { runSkillsShow } = await import('../skills/run-skills-show.js');
      process.exitCode = await runSkillsShow(label, o);
    });

  stores(home(skills.command('remove').description("delete one skill (its folder, or its row in PostgreSQL; exact label or folder name only)"))).argument('<label>', 'the skill label')
    .option('--json', 'print one JSON object')
    .action(async (label: string, o: SkillsRemoveOptions) => {
      const { runSkillsRemove } = await import('../skills/run-skills-remove.js');
      process.exitCode = await runSkillsRemove(label, o);
    });

  stores(home(addLlmOptions(skills.command('save').description("draft a skill from a recorded session's cells and messages (planning model), show it and save it in the active store"))))
    .option('--from <log>', 'the session event log (.engram/events/<session>.jsonl)')
    .option('--session <id>', 'a session id, read from the active event log (PostgreSQL with --store/ENGRAM_STORE, else the file logs of --project and --home); instead of --from')
    .option('--name <hint>', 'the label wanted (made valid and unique)')
    .option('--project <dir>', 'project folder whose .engram/config.json is read for LLM settings (default: .)')
    .option('--dry-run', 'show the draft without saving it')
    .option('--json', 'print one JSON object')
    .action(async (o: SkillsSaveOptions) => {
      const { runSkillsSave } = await import('../skills/run-skills-save.js');
      process.exitCode = await runSkillsSave(o);
    });
};
