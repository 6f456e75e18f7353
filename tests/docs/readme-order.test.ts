// The README a newcomer opens (issue 26): what engram gives a user first, then the two commands
// of the quick start, then how to plug it into Claude Code, an MCP host and the AI SDK, and the
// brain-region vocabulary only after all that. It once opened with the brain regions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const README = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');

/** The words of the brain metaphor, which mean nothing to a newcomer before they are explained. */
const BRAIN = /\b(cerebellum|hippocampus|basal ganglia|cingulate|ACC|cortex|amygdala|neocortex)\b/i;

/** The README's text from its first line up to the heading `heading` (which must exist). */
const before = (heading: string): string => {
  const at = README.indexOf(`\n${heading}\n`);
  expect(at, `README.md has no heading "${heading}"`).toBeGreaterThan(0);
  return README.slice(0, at);
};

describe('README.md', () => {
  it('opens with what a user gets, then the five-minute start, then the hosts; the brain vocabulary comes after', () => {
    const headings = README.split('\n').filter((l) => /^##+ /.test(l));
    expect(headings.indexOf('## Five-minute start')).toBe(0);
    expect(headings.indexOf('### Plug it into your agent')).toBe(1);
    expect(headings.indexOf('## The brain vocabulary')).toBeGreaterThan(1);

    const opening = before('## Five-minute start');
    for (const host of ['Claude Code', 'MCP', 'AI SDK']) expect(opening).toContain(host);
    expect(before('## The brain vocabulary')).not.toMatch(BRAIN);
  });

  it('gives the quick start as exactly the two commands npm start and npm test', () => {
    const start = README.slice(README.indexOf('## Five-minute start'));
    const block = /```sh\n([\s\S]*?)```/.exec(start)?.[1] ?? '';
    expect(block.split('\n').filter((l) => l.trim() !== '').map((l) => l.replace(/\s*#.*$/, ''))).toEqual(['npm start', 'npm test']);
  });

  it('plugs into Claude Code, an MCP host and the AI SDK before anything else is explained', () => {
    const plug = README.slice(README.indexOf('### Plug it into your agent'), README.indexOf('\n## ', README.indexOf('### Plug it into your agent')));
    expect(plug).toMatch(/\*\*Claude Code\*\*.*docs\/hooks\.md/s);
    expect(plug).toMatch(/\*\*An MCP host\*\*.*engram mcp/s);
    expect(plug).toMatch(/\*\*The Vercel AI SDK\*\*.*engramMiddleware/s);
  });
});
