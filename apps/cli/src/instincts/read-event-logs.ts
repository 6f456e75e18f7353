import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import { formatProblem, readLogFile } from '@engram/store';

export interface EventLogs {
  readonly files: string[];
  readonly events: AnyEnvelope[];
  readonly problems: string[];
}

/**
 * Reads every session log (`*.jsonl`) in the given folders, in name order. A bad line is reported
 * and skipped; a file that cannot be read is reported; neither stops the analysis.
 */
export const readEventLogs = (dirs: readonly string[]): EventLogs => {
  const files: string[] = [];
  const events: AnyEnvelope[] = [];
  const problems: string[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith('.jsonl')) continue;
      const file = join(dir, name);
      files.push(file);
      try {
        const r = readLogFile(file);
        for (const e of r.events) events.push(e);
        for (const p of r.problems) problems.push(formatProblem(p));
      } catch (err) {
        problems.push(`${file}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
  return { files, events, problems };
};
