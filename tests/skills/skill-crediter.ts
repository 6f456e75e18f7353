/**
 * A child process for the multi-process test: recalls one skill COUNT times through the
 * `recall_skill` handler, each recall crediting stats.json, as concurrent sessions would.
 * Usage: skill-crediter.ts ROOT LABEL COUNT
 */
import { FileSkillStore, handleRecallSkill } from './skills-api.js';

const [root = '', label = '', countArg = '0'] = process.argv.slice(2);
const skills = new FileSkillStore({ root, lock: { staleMs: 2000 } });
for (let i = 0; i < Number(countArg); i++) {
  const out = await handleRecallSkill({ label }, { skills, onProblem: (p) => process.stderr.write(`${p}\n`) });
  if (!out.includes('# Skill recalled:')) {
    process.stderr.write(out);
    process.exit(1);
  }
}
