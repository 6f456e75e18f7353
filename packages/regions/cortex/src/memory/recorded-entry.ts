import type { EventData } from '@engram/events';
import type { MemoryEntry } from '@engram/kernel';
import type { ScopeMemory } from '../scope-memory.js';

/** A stored entry as a recorded read holds it. */
export type RecordedEntry = EventData<'cortex.candidates.read'>['candidates'][number]['entry'];
type RecordedScope = NonNullable<EventData<'cortex.context.read'>['memory']>['global'];

/** Exactly the fields the memory core and the memory block read (a store may add its own, which a read never records). */
export const recordedEntry = (e: MemoryEntry): RecordedEntry => ({
  id: e.id,
  text: e.text,
  kind: e.kind,
  scope: e.scope,
  confidence: e.confidence,
  topic: e.topic,
  source: e.source,
  section: e.section,
  updatedAt: e.updatedAt,
  ...(e.trust === undefined ? {} : { trust: e.trust }),
});

/** One scope's snapshot as a read records it. */
export const recordedScope = (m: ScopeMemory): RecordedScope => ({ rules: m.rules.map(recordedEntry), lessons: m.lessons.map(recordedEntry), identities: m.identities.map(recordedEntry) });

/** A recorded scope as the pure functions read it (the schema's optional trust is absent, never undefined). */
export const scopeFromRecord = (s: RecordedScope): ScopeMemory => s as unknown as ScopeMemory;
