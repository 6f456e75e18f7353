import type { MemoryEntry } from '@engram/kernel';
import type { MemoryDocument } from './memory-document.js';

/**
 * Lookups over one parsed file, built once per parse: dedupe by exact text (Anton's rule: case
 * sensitive, metadata ignored; for rules across every section) and find by id, both O(1).
 * The store adds what it writes, so a run of encodes never rescans the file.
 */
export class MemoryIndex {
  private readonly byText = new Map<string, MemoryEntry>();
  private readonly byId = new Map<string, MemoryEntry>();

  constructor(doc: MemoryDocument) {
    for (const line of doc.lines) if (line.item !== null) this.add(line.item.entry);
  }

  add(entry: MemoryEntry): void {
    if (!this.byText.has(entry.text)) this.byText.set(entry.text, entry);
    this.byId.set(entry.id, entry);
  }

  withText(text: string): MemoryEntry | undefined {
    return this.byText.get(text);
  }

  withId(id: string): MemoryEntry | undefined {
    return this.byId.get(id);
  }
}
