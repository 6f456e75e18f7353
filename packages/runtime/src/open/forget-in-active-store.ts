import { subjectMatcher } from '@engram/kernel';
import { resolve } from 'node:path';
import { forgetInStores } from '../effects/forget/forget-in-stores.js';
import type { ForgetReport } from '../effects/forget/forget-report.js';
import { storeSettings } from '../store-settings.js';
import { openActiveBrain, withActiveBrain, type MemoryFlags } from './open-active-brain.js';

/**
 * `engram memory forget` on the active store: on the files, the brain's `memory.forget` (every
 * folder under the home and the project); on PostgreSQL, the subject goes from the store
 * (`forgetInStores`) and no file is touched. A blank subject is a `SubjectError` before any store
 * opens, whatever the server would say.
 */
export const forgetInActiveStore = async (options: MemoryFlags, subject: string, apply: boolean, env: NodeJS.ProcessEnv = process.env): Promise<{ readonly store: 'files' | 'postgres'; readonly report: ForgetReport }> => {
  if (storeSettings(options, env) === null) return { store: 'files', report: await withActiveBrain(options, (brain) => brain.memory.forget(subject, { apply }), env) };
  subjectMatcher(subject);
  const brain = await openActiveBrain({ ...options, project: resolve(options.project ?? process.cwd()) }, env);
  try {
    return { store: 'postgres', report: await forgetInStores(brain.stores, subject, { apply }) };
  } finally {
    await brain.close();
  }
};
