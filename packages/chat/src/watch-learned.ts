import type { EventData } from '@engram/events';
import type { BrainStores, EngramSession } from '@engram/runtime';
import type { LearnedEntry } from './learned-line.js';

type Encoded = EventData<'hippocampus.engram.encoded'>;

/** What a watch of the session's memory writes gives: the entries stored since the last `take`, and the end of the watch. */
export interface LearnedWatch {
  take(): Promise<readonly LearnedEntry[]>;
  stop(): void;
}

/**
 * Watches a session's events for entries that reached memory (`hippocampus.engram.encoded`,
 * added or superseding an older one; a duplicate or an empty write stored nothing new), so the
 * chat can say what a turn stored. The event names no entry id: `take` reads each scope's store
 * back once and finds the entry by its stored text (the newest of that text), so the printed undo
 * names exactly the entry written.
 */
export const watchLearned = (session: Pick<EngramSession, 'events$'>, semantic: BrainStores['semantic']): LearnedWatch => {
  const seen: Encoded[] = [];
  const subscription = session.events$.subscribe((e) => {
    if (e.type === 'hippocampus.engram.encoded' && (e.data.outcome === 'added' || e.data.outcome === 'superseded')) seen.push(e.data);
  });
  return {
    take: async () => {
      const batch = seen.splice(0);
      if (batch.length === 0) return [];
      const scopeOf = (d: Encoded): LearnedEntry['scope'] => (d.engram.scope === 'project' && semantic.project !== null ? 'project' : 'global');
      const snapshots = new Map<LearnedEntry['scope'], readonly { readonly id: string; readonly text: string }[]>();
      for (const scope of new Set(batch.map(scopeOf))) {
        const store = scope === 'project' && semantic.project !== null ? semantic.project : semantic.global;
        try {
          const snap = await store.read();
          snapshots.set(scope, [...snap.rules, ...snap.lessons, ...snap.identities]);
        } catch {
          // Unreadable now: the undo names the exact text instead of the id (`memory remove` takes either).
          snapshots.set(scope, []);
        }
      }
      return batch.map((d) => {
        const scope = scopeOf(d);
        const entry = (snapshots.get(scope) ?? []).findLast((e) => e.text === d.engram.text);
        return { id: entry?.id ?? null, kind: d.engram.kind ?? 'lesson', scope, text: d.engram.text };
      });
    },
    stop: () => subscription.unsubscribe(),
  };
};
