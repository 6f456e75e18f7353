/**
 * Token budgets of what memory puts in front of the model (the seed's context-budget table;
 * Anton documented these but bounded only lessons, §15.20). A budget covers everything a
 * section emits: its heading, sub-headings, `- ` markers, metadata comments and line breaks.
 */
export interface ContextBudgets {
  /** Who the user is: a few facts; more would crowd out what the agent learned. */
  readonly identity: number;
  /** Rules of one scope (global and project each get this much): always read, so kept tight. */
  readonly rules: number;
  /** Lessons of one scope, most recent first. */
  readonly lessons: number;
  /** The scratchpad tool-description primer, both scopes together (Anton spent 2,000 per scope). */
  readonly primer: number;
  /**
   * The saved skills the block offers (both scopes' skill folders are one list): about 16 with a
   * line of description, the rest by label; Anton listed every skill with its whole description.
   */
  readonly skills: number;
}

export const DEFAULT_CONTEXT_BUDGETS: ContextBudgets = { identity: 300, rules: 1500, lessons: 1000, primer: 500, skills: 800 };
