import { formatRecipe, type RecipeStore, type SkillStore, type StoredRecipe } from '@engram/hippocampus';

type Skills = Awaited<ReturnType<SkillStore['list']>>;
type Recipes = Awaited<ReturnType<RecipeStore['list']>>;
type Shown = Extract<Awaited<ReturnType<SkillStore['resolve']>>, { readonly skill: unknown }>['skill'];

/** Strongest first, then the most recently learned: the order they would be offered in. */
const byStrength = (a: StoredRecipe, b: StoredRecipe): number => b.confidence - a.confidence || Date.parse(b.lastSeen) - Date.parse(a.lastSeen);

/** What `engram skills list` and `show` print (their `--json` is the data): pure, from what the skill and recipe stores return. */
export const skillsText = {
  /** The recipes in the order `list` shows them (and its `--json` holds them). */
  recipesByStrength: (listed: Recipes): StoredRecipe[] => [...listed.recipes].sort(byStrength),
  /** Every skill by label with its description, then the recovery recipes in their own section; `notes` (stderr) what could not be read. */
  list: (where: { readonly root: string; readonly recipesFile: string }, { skills, problems }: Skills, listed: Recipes): { readonly out: string; readonly notes: string } => {
    const recipes = skillsText.recipesByStrength(listed);
    let out = skills.length === 0 ? `no skills in ${where.root}\n` : '';
    for (const s of skills) out += `${s.label}${s.description === '' ? '' : `  ${s.description.replace(/\s+/g, ' ')}`}\n`;
    if (recipes.length > 0) out += `\nrecovery recipes (${where.recipesFile}):\n${recipes.map((r) => `- ${formatRecipe(r)}  [${r.recipeId}]\n`).join('')}`;
    const notes = [...problems.map((p) => `note: ${p.folder}: ${p.reason}\n`), ...listed.problems.map((p) => `note: ${p.file}${p.field === null ? '' : `: ${p.field}`}: ${p.reason}\n`)];
    return { out, notes: notes.join('') };
  },
  /** One skill whole: its label, description, provenance and use, then its body. */
  show: (s: Shown): string =>
    `# ${s.label}${s.name === s.label ? '' : ` (${s.name})`}\n${s.description}\n\nprovenance: ${s.provenance}  created: ${s.createdAt || '-'}  recalls: ${s.stats.total_recalls}\n\n${s.body.trimEnd()}\n`,
};
