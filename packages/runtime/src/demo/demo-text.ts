import type { DemoSession } from '../effects/learning-demo.js';

/**
 * What `engram demo` prints about its sessions, as lines (pure): each session's failures, answer,
 * what was learned and its log, then the comparison and where the memory was kept.
 */
export const demoText = {
  session: (n: number, s: DemoSession): string[] => [
    '',
    `session ${n}: ${s.failureDetails.length} failure${s.failureDetails.length === 1 ? '' : 's'}`,
    ...s.failureDetails.map((f) => `  - ${f}`),
    `  answer: ${s.answer}`,
    ...(s.lessonsLearned.length > 0 ? ['  learned:', ...s.lessonsLearned.map((l) => `  - [${l.id}] (${l.kind}, ${l.scope}) ${l.rule}\n      stored in ${l.file}`)] : ['  learned nothing new']),
    `  event log: ${s.eventLog}`,
  ],
  outcome: (first: DemoSession, second: DemoSession, home: string): string[] => ['', `failures per session: ${first.failures} -> ${second.failures}. Memory home (kept): ${home}`],
};
