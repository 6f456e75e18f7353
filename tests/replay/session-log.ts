import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import { expect } from 'vitest';

/** The events of a JSONL log, in order. */
const readLog = (file: string): AnyEnvelope[] => readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as AnyEnvelope);

/** Writes `events` as a JSONL log at `file` (an altered copy for `replay --check`); returns the path. */
export const writeLog = (file: string, events: readonly AnyEnvelope[]): string => {
  writeFileSync(file, `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
  return file;
};

/** The one session log the hooks wrote in `project` (`.engram/events/`), and its events. */
export const onlySessionLog = (project: string): { readonly log: string; readonly events: AnyEnvelope[] } => {
  const dir = join(project, '.engram', 'events');
  const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  expect(files).toHaveLength(1);
  const log = join(dir, files[0] ?? '');
  return { log, events: readLog(log) };
};
