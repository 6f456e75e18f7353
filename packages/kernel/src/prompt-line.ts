import type { MemoryEntry } from './engram.js';

/** The line a prompt shows for an entry: Anton's keys only (confidence, source, topic, ts), no engram internals. */
export const promptLine = (e: MemoryEntry, withMetadata: boolean): string => {
  if (!withMetadata) return `- ${e.text}`;
  const parts: string[] = [];
  if (e.confidence !== null) parts.push(`confidence:${e.confidence}`);
  if (e.source !== null) parts.push(`source:${e.source}`);
  if (e.topic !== null) parts.push(`topic:${e.topic}`);
  if (e.updatedAt !== null) parts.push(`ts:${e.updatedAt.slice(0, 10)}`);
  return parts.length === 0 ? `- ${e.text}` : `- ${e.text} <!-- ${parts.join(' ')} -->`;
};
