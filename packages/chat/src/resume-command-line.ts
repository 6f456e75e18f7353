import { isAbsolute, resolve } from 'node:path';
import { shellWord } from '@engram/kernel';
import { redactUrl } from '@engram/runtime';

/** What the chat was started with that a resumed chat needs again. */
interface ResumeTarget {
  readonly home?: string;
  readonly project: string;
  readonly store?: string;
  readonly tenant?: string;
  readonly llm?: string;
  readonly planningModel?: string;
  readonly codingModel?: string;
  readonly mode?: string;
}

/** `scripted:FILE` with FILE absolute, so the line works pasted in any folder. */
const absoluteLlm = (llm: string, cwd: string): string => {
  if (!llm.startsWith('scripted:')) return llm;
  const file = llm.slice('scripted:'.length);
  return `scripted:${isAbsolute(file) ? file : resolve(cwd, file)}`;
};

/**
 * The `engram chat --resume ID ...` printed when a chat ends: the same home, project, store and
 * model as this chat, so the line works pasted (without them it opened another project's memory or
 * exited 2 for a missing model). A store URL's password is shown as `***`: the user types it back.
 */
export const resumeCommandLine = (sessionId: string, target: ResumeTarget, engram = 'engram', cwd = process.cwd()): string => {
  const flags: [string, string | undefined][] = [
    ['--home', target.home === undefined ? undefined : resolve(cwd, target.home)],
    ['--project', target.project],
    ['--store', target.store === undefined ? undefined : redactUrl(target.store)],
    ['--tenant', target.tenant],
    ['--llm', target.llm === undefined ? undefined : absoluteLlm(target.llm, cwd)],
    ['--planning-model', target.planningModel],
    ['--coding-model', target.codingModel],
    ['--mode', target.mode],
  ];
  const given = flags.flatMap(([flag, value]) => (value === undefined ? [] : [`${flag} ${shellWord(value)}`]));
  return [`${engram} chat --resume ${sessionId}`, ...given].join(' ');
};
