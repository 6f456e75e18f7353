/** What a lesson's text is made of. */
export interface CallLessonParts {
  readonly failed: { readonly tool: string; readonly pattern: string };
  readonly errorLine: string;
  readonly recovery: { readonly tool: string; readonly pattern: string; readonly afterWrites: boolean };
}

const named = (c: { readonly tool: string; readonly pattern: string }): string => (c.pattern === c.tool || c.pattern.startsWith(`${c.tool} `) ? `\`${c.pattern}\`` : `\`${c.pattern}\` (${c.tool})`);

/**
 * A lesson as the model reads it, without a model: the pattern that failed, the error line it
 * printed, and what did the job instead (the same pattern once files were changed, or another).
 */
export const callLessonText = ({ failed, errorLine, recovery }: CallLessonParts): string => {
  const same = recovery.tool === failed.tool && recovery.pattern === failed.pattern;
  const worked = same ? `it worked after files were changed` : `what worked instead: ${named(recovery)}${recovery.afterWrites ? ' (after files were changed)' : ''}`;
  return `In this project ${named(failed)} failed with "${errorLine}"; ${worked}.`;
};
