import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { AnyEnvelope } from '@engram/events';
import { arbitraryAnyEvent } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import { JsonlLogWriter } from './jsonl-log-writer.js';
import { readLogFile } from './read-log-file.js';

const dir = mkdtempSync(join(tmpdir(), 'engram-prop-'));
let n = 0;
const nextFile = () => join(dir, `log-${n++}.jsonl`);

/** Ways a line can be damaged by hand edits, bad tools or disks. */
const corruption = fc.oneof(
  fc.constant((s: string) => s.slice(0, Math.max(1, Math.floor(s.length / 2)))),
  fc.constant((s: string) => s.replace('"type":"', '"type":"x.')),
  fc.constant((s: string) => s.replace('"data":', '"dada":')),
  fc.constant(() => 'not json at all'),
  fc.constant((s: string) => `${s}}`),
);

describe('log properties', () => {
  it('every catalog event round-trips through the JSONL log unchanged, with strictly increasing seq', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbitraryAnyEvent, { minLength: 1, maxLength: 25 }), fc.integer({ min: 1, max: 5 }), async (events, batches) => {
        const file = nextFile();
        const w = new JsonlLogWriter(file, 's');
        const stored: AnyEnvelope[] = [];
        const size = Math.ceil(events.length / batches);
        for (let i = 0; i < events.length; i += size) stored.push(...(await w.append(events.slice(i, i + size))));
        w.close();
        const r = readLogFile(file);
        expect(r.problems).toEqual([]);
        expect(r.events).toEqual(stored);
        expect(r.events.map((e) => ({ ...e, seq: 0 }))).toEqual(events.map((e) => ({ ...e, seq: 0 })));
        for (let i = 1; i < r.events.length; i++) expect(r.events[i]!.seq).toBeGreaterThan(r.events[i - 1]!.seq);
      }),
      { numRuns: 60 },
    );
  });

  it('a log with arbitrary lines corrupted still yields every intact event and reports each corrupted line', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryAnyEvent, { minLength: 1, maxLength: 30 }),
        fc.array(fc.tuple(fc.nat(), corruption), { maxLength: 10 }),
        (events, damage) => {
          const lines = events.map((e, i) => JSON.stringify({ ...e, seq: i + 1 }));
          const damaged = new Set<number>();
          for (const [at, f] of damage) {
            const i = at % lines.length;
            lines[i] = f(lines[i]!);
            damaged.add(i);
          }
          const file = nextFile();
          writeFileSync(file, lines.map((l) => `${l}\n`).join(''));
          const r = readLogFile(file);
          const intact = events.map((e, i) => ({ ...e, seq: i + 1 })).filter((_, i) => !damaged.has(i));
          expect(r.events).toEqual(intact);
          expect([...new Set(r.problems.map((p) => p.line - 1))].sort((a, b) => a - b)).toEqual([...damaged].sort((a, b) => a - b));
        },
      ),
      { numRuns: 200 },
    );
  });
});
