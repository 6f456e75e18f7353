import type { Brain } from '@engram/runtime';

/**
 * One host-driven session with a habit (Grep, Read, Edit, six times over), closed at the end: the
 * habit loop runs then when the brain's is on. Returns the session's problems for the caller to check.
 */
export const habitSession = async (brain: Brain): Promise<readonly string[]> => {
  const s = brain.session();
  s.startTurn('fix the parser');
  for (let i = 0; i < 6; i++)
    for (const name of ['Grep', 'Read', 'Edit']) {
      const id = s.toolCalled({ name, input: { path: 'src/parser.ts' } });
      s.toolResulted({ id, name, ok: true, output: 'ok' });
      s.endRound();
    }
  s.endTurn('fixed');
  await s.close();
  return s.problems();
};
