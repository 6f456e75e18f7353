import { join } from 'node:path';
import { readTextContained, type EngramPaths } from '@engram/fs';
import { FileSkillStore, MEMORY_FILE_NAMES, type MemoryFileKind } from '@engram/hippocampus';
import { scrubSecrets } from '@engram/kernel';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';

const MARKDOWN = 'text/markdown';

/** The memory files of each scope (DESIGN.md, Storage): the profile is global only. */
const SCOPE_FILES: Readonly<Record<'global' | 'project', readonly MemoryFileKind[]>> = {
  global: ['rules', 'lessons', 'profile'],
  project: ['rules', 'lessons'],
};

/** The URI of a memory file resource. */
const memoryFileUri = (scope: 'global' | 'project', kind: MemoryFileKind): string => `engram://memory/${scope}/${kind}`;

/** A file's text as shown: never read through a link (`readTextContained`), scrubbed of secrets a hand edit may have put there. */
const shown = (uri: URL, text: string | null): ReadResourceResult => ({ contents: [{ uri: uri.href, mimeType: MARKDOWN, text: scrubSecrets(text ?? '') }] });

/**
 * The memory files (rules, lessons, profile of the global scope; rules and lessons of the
 * project) and the saved skills, as read-only resources. A file not written yet reads as empty.
 */
export const registerResources = (server: McpServer, paths: EngramPaths): void => {
  const dirs = { global: paths.globalMemoryDir, project: paths.projectMemoryDir };
  for (const scope of ['global', 'project'] as const) {
    const dir = dirs[scope];
    if (dir === null) continue;
    for (const kind of SCOPE_FILES[scope]) {
      const file = join(dir, MEMORY_FILE_NAMES[kind]);
      server.registerResource(
        `${scope}-${kind}`,
        memoryFileUri(scope, kind),
        { title: `${scope} ${kind} (${MEMORY_FILE_NAMES[kind]})`, description: `engram's ${scope} ${kind} memory file: ${file}`, mimeType: MARKDOWN },
        (uri) => shown(uri, readTextContained(paths.rootOf(dir), file)),
      );
    }
  }

  const skills = new FileSkillStore({ root: paths.skillsDir, home: paths.home });
  server.registerResource(
    'skills',
    new ResourceTemplate('engram://skills/{label}', {
      list: () => ({ resources: skills.list().skills.map((s) => ({ uri: `engram://skills/${encodeURIComponent(s.label)}`, name: s.label, title: s.name, description: s.description, mimeType: MARKDOWN })) }),
    }),
    { title: 'Saved skills', description: "engram's procedural memory: one SKILL.md per skill", mimeType: MARKDOWN },
    (uri, { label }) => {
      const wanted = decodeURIComponent(Array.isArray(label) ? (label[0] ?? '') : (label ?? ''));
      // Exact lookup only (never the typo-tolerant one): a resource URI names one skill.
      const skill = skills.load(wanted);
      if (skill === null) throw new Error(`no skill named ${JSON.stringify(wanted)}; list the resources for the labels`);
      return shown(uri, `# ${skill.name}\n\n${skill.description}\n\n${skill.body}`);
    },
  );
};
