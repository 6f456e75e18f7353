/** What the audit knows of one memory entry. */
export interface MemoryEntryStats {
  readonly id: string;
  /** The entry's text (shortened on the axis, whole in the tooltip). */
  readonly text: string;
  readonly scope?: string;
  /** Turns it was injected in. */
  readonly injections: number;
  /** Injected turns whose pattern did not come back; `null` when nothing can be judged. */
  readonly hits: number | null;
}

/** Longest entry text on a category axis; the whole text is in the tooltip. */
const AXIS_CHARS = 40;

/** Axis names of entries: their text shortened, made unique with the id when two read the same. */
export const entryNames = (entries: readonly MemoryEntryStats[]): string[] => {
  const short = entries.map((e) => (e.text.length > AXIS_CHARS ? `${e.text.slice(0, AXIS_CHARS - 1)}…` : e.text) || e.id);
  return short.map((s, i) => (short.indexOf(s) === i && short.lastIndexOf(s) === i ? s : `${s} [${entries[i]?.id ?? i}]`));
};

/** The tooltip of an entry. */
export const entryTooltip = (e: MemoryEntryStats): Record<string, string> => ({ entry: e.id, text: e.text.slice(0, 500), ...(e.scope === undefined ? {} : { scope: e.scope }) });
