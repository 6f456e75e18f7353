import type { Cassette, CassetteEntry, CassetteMatch } from './cassette.js';
import type { LlmRequest } from './llm-types.js';
import { requestHash } from './request-hash.js';
import { lastUserText, summariseRequest } from './summarise-request.js';

export type PlayResult = { readonly entry: CassetteEntry } | { readonly miss: string };

const matches = (m: CassetteMatch, r: LlmRequest, hash: string): boolean => {
  if (m.hash !== undefined) return m.hash === hash;
  if (m.purpose !== undefined && m.purpose !== r.purpose) return false;
  if (m.role !== undefined && m.role !== r.role) return false;
  if (m.tool !== undefined && (r.toolChoice.type !== 'tool' || r.toolChoice.name !== m.tool)) return false;
  if (m.systemIncludes !== undefined && !r.system.includes(m.systemIncludes)) return false;
  if (m.lastUserIncludes !== undefined && !lastUserText(r).includes(m.lastUserIncludes)) return false;
  return true;
};

const describeMatch = (m: CassetteMatch): string =>
  Object.entries(m)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(' ') || '(matches all)';

/**
 * Answers requests from a cassette. Exact-hash entries are tried before looser ones; among the
 * entries that match, the first one not yet played answers, so a request asked twice gets its
 * answers in recorded order; when all have been played, the last one answers again.
 */
export const cassettePlayer = (cassette: Cassette, file: string): { play(request: LlmRequest): PlayResult } => {
  const used = new Set<number>();
  const byPriority = cassette.entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => Number(b.entry.match.hash !== undefined) - Number(a.entry.match.hash !== undefined) || a.index - b.index);
  return {
    play: (request) => {
      const hash = requestHash(request);
      const candidates = byPriority.filter((c) => matches(c.entry.match, request, hash));
      const pick = candidates.find((c) => !used.has(c.index)) ?? candidates.at(-1);
      if (pick !== undefined) {
        used.add(pick.index);
        return { entry: pick.entry };
      }
      const s = summariseRequest(request);
      const known = cassette.entries.map((e, i) => `#${i} ${describeMatch(e.match)}`).join('; ');
      return {
        miss:
          `no recorded answer in ${file} matches request hash=${hash} (purpose ${s.purpose}, role ${s.role}, ` +
          `forced tool ${s.forcedTool ?? 'none'}, tools [${s.tools.join(', ')}], max_tokens ${s.maxTokens}, ` +
          `last user message ${JSON.stringify(s.lastUser)}); the cassette holds ${cassette.entries.length} ` +
          `entr${cassette.entries.length === 1 ? 'y' : 'ies'}${known === '' ? '' : `: ${known}`}`,
      };
    },
  };
};
