import { join } from 'node:path';
import { InstinctStore, renderGeneratedRules, type Instinct } from '@engram/basal-ganglia';

/**
 * The generated rules of promoted instincts (the habit loop's `generated-rules.md` lines, each
 * tagged with its instinct id), from the project's `instincts/` and then the global one, each
 * instinct once. Instinct files that cannot be read are passed to `warn` and skipped.
 */
export const promotedRules = (project: string, home: string, warn: (message: string) => void): string[] => {
  const seen = new Set<string>();
  const promoted: Instinct[] = [];
  for (const dir of [join(project, '.engram', 'instincts'), join(home, 'instincts')]) {
    const stored = new InstinctStore(dir).read();
    for (const p of stored.problems) warn(`${p.file}: ${p.problem}`);
    for (const i of stored.tracked)
      if (i.status === 'promoted' && !seen.has(i.id)) {
        seen.add(i.id);
        promoted.push(i);
      }
  }
  return renderGeneratedRules(promoted)
    .split('\n')
    .filter((l) => l.startsWith('- '));
};
