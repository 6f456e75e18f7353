import type { MemoryDiagnostic } from './semantic-store.js';

/** One line for a memory file's problem, `file:line (field): message`, the same wherever engram reports it. */
export const describeDiagnostic = (d: MemoryDiagnostic): string => `${d.location}:${d.line}${d.field === null ? '' : ` (${d.field})`}: ${d.message}`;
