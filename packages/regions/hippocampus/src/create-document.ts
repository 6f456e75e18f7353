import type { EngramScope } from '@engram/kernel';
import type { DocLine, MemoryDocument, MemoryFileKind } from './memory-document.js';
import { textLine } from './memory-document.js';

const heading = (section: string, title: string): DocLine => ({ raw: `## ${title}`, eol: '\n', section, heading: true, item: null, notes: [] });

/**
 * A new file's skeleton, as Anton lays it out (anton.md §6.3): `# Rules` with the three
 * sections (each after a blank line), `# Lessons`, `# Profile`.
 */
export const createDocument = (file: MemoryFileKind, scope: EngramScope): MemoryDocument => {
  switch (file) {
    case 'rules':
      return {
        file,
        scope,
        lines: [textLine('# Rules', null), textLine('', null), heading('always', 'Always'), textLine('', 'always'), heading('never', 'Never'), textLine('', 'never'), heading('when', 'When')],
      };
    case 'lessons':
      return { file, scope, lines: [textLine('# Lessons', null)] };
    case 'profile':
      return { file, scope, lines: [textLine('# Profile', null)] };
  }
};
