/**
 * A proposal held for a person's decision: pending (copilot mode, waiting for the user) or
 * quarantined (it read as an instruction to the agent). Both keep the engram they would store.
 */
export interface HeldItem {
  readonly engram: { readonly text: string; readonly kind: string | null; readonly scope: string | null };
}

/**
 * What sets the two held stores apart: the name in their locations, locks, wake-ups and tables,
 * and the id a person types to accept or reject an item. The rules of a change (`changeHeld`)
 * are the same for both, and for every backend.
 */
export interface HeldKind<I extends HeldItem> {
  readonly name: 'pending' | 'quarantine';
  readonly idOf: (item: I) => string;
}

/** One change to the held items: what a store reads, hands to one of these, and writes back. */
export type HeldStep<I, A> = (items: readonly I[]) => { readonly items: readonly I[]; readonly result: A };

/** The three changes a held store makes, each pure: every backend runs them under its own lock. */
export const changeHeld = <I extends HeldItem>(kind: HeldKind<I>) => ({
  /** Adds an item unless the same text (kind, scope) is already held: a repeated proposal is one item. */
  add:
    (item: I): HeldStep<I, I> =>
    (items) => {
      const same = items.find((x) => x.engram.text === item.engram.text && x.engram.kind === item.engram.kind && x.engram.scope === item.engram.scope);
      return same !== undefined ? { items, result: same } : { items: [...items, item], result: item };
    },
  /** Takes the items with these ids (or 1-based positions, as a person sees them listed); unknown selectors are reported. */
  take:
    (selectors: readonly string[]): HeldStep<I, { taken: I[]; unknown: string[] }> =>
    (items) => {
      const taken: I[] = [];
      const unknown: string[] = [];
      for (const sel of selectors) {
        const byPosition = /^\d+$/.test(sel) ? items[Number(sel) - 1] : undefined;
        const item = byPosition ?? items.find((x) => kind.idOf(x) === sel);
        if (item === undefined) unknown.push(sel);
        else if (!taken.includes(item)) taken.push(item);
      }
      return { items: taken.length === 0 ? items : items.filter((x) => !taken.includes(x)), result: { taken, unknown } };
    },
  /** Puts items back at the front, in their order (an accept whose write failed); one already there is not doubled. */
  restore:
    (back: readonly I[]): HeldStep<I, undefined> =>
    (items) => {
      const returning = back.filter((i) => !items.some((x) => kind.idOf(x) === kind.idOf(i)));
      return { items: returning.length === 0 ? items : [...returning, ...items], result: undefined };
    },
});
